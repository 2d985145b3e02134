//! Against cross-site posting and guessing codes: a one-time token per
//! form, and a limit on wrong codes per client.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rand::TryRngCore;
use rand::rngs::OsRng;

/// The most live form tokens and the most clients counted; the oldest go
/// first, so memory stays bounded whatever clients send.
const MAX_ENTRIES: usize = 4096;

/// How long a form's token lives.
const TOKEN_LIFE: Duration = Duration::from_secs(2 * 60 * 60);

/// How the server limits wrong codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateLimit {
    /// Wrong codes a client may type within `window`.
    pub wrong_codes: u32,
    /// The window; after `wrong_codes` wrong codes the client is refused
    /// until the window that began with the first of them is over.
    pub window: Duration,
}

impl Default for RateLimit {
    /// 5 wrong codes per 10 minutes.
    fn default() -> Self {
        Self {
            wrong_codes: 5,
            window: Duration::from_secs(10 * 60),
        }
    }
}

/// The tokens of the forms handed out and the wrong codes per client.
#[derive(Debug)]
pub(crate) struct Guard {
    limit: RateLimit,
    tokens: Mutex<HashMap<String, Instant>>,
    wrong: Mutex<HashMap<IpAddr, (u32, Instant)>>,
}

impl Guard {
    pub(crate) fn new(limit: RateLimit) -> Self {
        Self {
            limit,
            tokens: Mutex::new(HashMap::new()),
            wrong: Mutex::new(HashMap::new()),
        }
    }

    /// A new one-time token for a form; `None` when the system gives no
    /// random numbers (the form is then not offered).
    pub(crate) fn token(&self) -> Option<String> {
        let mut random = [0u8; 16];
        OsRng.try_fill_bytes(&mut random).ok()?;
        let token: String = random.iter().map(|b| format!("{b:02x}")).collect();
        let now = Instant::now();
        let mut tokens = self
            .tokens
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        tokens.retain(|_, made| now.duration_since(*made) < TOKEN_LIFE);
        if tokens.len() >= MAX_ENTRIES
            && let Some(oldest) = tokens
                .iter()
                .min_by_key(|(_, t)| **t)
                .map(|(k, _)| k.clone())
        {
            tokens.remove(&oldest);
        }
        tokens.insert(token.clone(), now);
        Some(token)
    }

    /// Takes `token` if it was handed out and is still alive (once only).
    pub(crate) fn take_token(&self, token: &str) -> bool {
        let mut tokens = self
            .tokens
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        match tokens.remove(token) {
            Some(made) => made.elapsed() < TOKEN_LIFE,
            None => false,
        }
    }

    /// Whether `client` typed too many wrong codes lately.
    pub(crate) fn locked(&self, client: IpAddr) -> bool {
        let wrong = self
            .wrong
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        wrong.get(&client).is_some_and(|(count, first)| {
            *count >= self.limit.wrong_codes && first.elapsed() < self.limit.window
        })
    }

    /// Counts a wrong code of `client`.
    pub(crate) fn wrong_code(&self, client: IpAddr) {
        let now = Instant::now();
        let mut wrong = self
            .wrong
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        wrong.retain(|_, (_, first)| now.duration_since(*first) < self.limit.window);
        if wrong.len() >= MAX_ENTRIES
            && !wrong.contains_key(&client)
            && let Some(oldest) = wrong.iter().min_by_key(|(_, (_, t))| *t).map(|(k, _)| *k)
        {
            wrong.remove(&oldest);
        }
        let entry = wrong.entry(client).or_insert((0, now));
        entry.0 = entry.0.saturating_add(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_taken_once_and_only_if_handed_out() {
        let guard = Guard::new(RateLimit::default());
        let token = guard.token().expect("random");
        assert!(!guard.take_token("00"));
        assert!(guard.take_token(&token));
        assert!(!guard.take_token(&token));
    }

    #[test]
    fn a_client_is_locked_after_the_wrong_codes_of_the_window() {
        let guard = Guard::new(RateLimit {
            wrong_codes: 2,
            window: Duration::from_secs(60),
        });
        let client = IpAddr::from([127, 0, 0, 1]);
        let other = IpAddr::from([127, 0, 0, 2]);
        guard.wrong_code(client);
        assert!(!guard.locked(client));
        guard.wrong_code(client);
        assert!(guard.locked(client));
        assert!(!guard.locked(other));
    }
}
