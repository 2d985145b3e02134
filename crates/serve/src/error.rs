//! The one error type of the server.

use std::fmt;
use std::net::SocketAddr;

use feldherr_host::HostError;

/// Why the server does not start.
#[derive(Debug)]
pub enum ServeError {
    /// The address is not one of this machine's addresses on a private
    /// network (a public address, or every address at once).
    NotLocal {
        /// The address asked for.
        addr: SocketAddr,
        /// Why it is refused.
        reason: &'static str,
    },
    /// The address could not be bound (taken, or not this machine's).
    Bind {
        /// The address asked for.
        addr: SocketAddr,
        /// What the operating system said.
        source: std::io::Error,
    },
    /// The document is a game, not an event.
    NotAnEvent,
    /// The document has no file to save reported results to.
    NoFile,
    /// The host refused (a file that cannot be read, no random codes).
    Host(HostError),
}

impl fmt::Display for ServeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServeError::NotLocal { addr, reason } => {
                write!(f, "{addr} is refused: {reason}")
            }
            ServeError::Bind { addr, source } => write!(f, "cannot listen on {addr}: {source}"),
            ServeError::NotAnEvent => f.write_str("only an event can be shared, not a game"),
            ServeError::NoFile => {
                f.write_str("the event has no file yet; save it first so results are kept")
            }
            ServeError::Host(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ServeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ServeError::Bind { source, .. } => Some(source),
            ServeError::Host(e) => Some(e),
            _ => None,
        }
    }
}

impl From<HostError> for ServeError {
    fn from(e: HostError) -> Self {
        ServeError::Host(e)
    }
}
