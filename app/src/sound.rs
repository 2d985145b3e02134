//! Short tones for timers (the chess clock's warning): generated in the
//! app, played on a thread of their own so the window never waits.
//!
//! On Linux the tone goes through ALSA's `libasound.so.2`, loaded when the
//! first tone plays: building needs no audio headers, and a machine
//! without the library (or without a sound card) gets a
//! [`SoundError`] that the screen shows instead of a tone. Other systems
//! report [`SoundError::Unsupported`] for now.

use std::fmt;

/// Which tone to play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    /// Two short beeps: a clock fell under its warning time.
    Warning,
    /// One long, low beep: a clock ran out.
    TimeUp,
}

/// Why a tone could not be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SoundError {
    /// This system has no sound output the app knows how to use.
    Unsupported,
    /// The sound library could not be loaded (name and reason).
    Library(String),
    /// The sound device refused (the call and its error code).
    Device(String),
}

impl fmt::Display for SoundError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SoundError::Unsupported => f.write_str("no sound output on this system"),
            SoundError::Library(e) => write!(f, "the sound library could not be loaded: {e}"),
            SoundError::Device(e) => write!(f, "the sound device refused: {e}"),
        }
    }
}

impl std::error::Error for SoundError {}

/// Samples per second of the generated tones.
pub const SAMPLE_RATE: u32 = 44_100;

/// The tone as 16-bit mono samples: sine beeps with 5 ms fades, so they
/// do not click.
pub fn samples(tone: Tone) -> Vec<i16> {
    // (frequency in Hz, milliseconds on, milliseconds of silence after)
    let beeps: &[(f64, u32, u32)] = match tone {
        Tone::Warning => &[(880.0, 120, 80), (880.0, 120, 0)],
        Tone::TimeUp => &[(440.0, 700, 0)],
    };
    let per_ms = SAMPLE_RATE as usize / 1000;
    let mut out = Vec::new();
    for &(hz, on, off) in beeps {
        let n = on as usize * per_ms;
        let fade = 5 * per_ms;
        for i in 0..n {
            let t = i as f64 / f64::from(SAMPLE_RATE);
            let edge = (i.min(n - 1 - i) as f64 / fade as f64).min(1.0);
            let v = (2.0 * std::f64::consts::PI * hz * t).sin() * edge * 0.35;
            out.push((v * f64::from(i16::MAX)) as i16);
        }
        out.extend(std::iter::repeat_n(0, off as usize * per_ms));
    }
    out
}

/// Plays `tone` on a thread of its own; an error is reported to
/// `on_error` from that thread (the caller shows it on its next frame).
pub fn play(tone: Tone, on_error: impl FnOnce(SoundError) + Send + 'static) {
    let samples = samples(tone);
    let spawned = std::thread::Builder::new()
        .name("feldherr-tone".into())
        .spawn(move || {
            if let Err(e) = output::play(&samples) {
                on_error(e);
            }
        });
    if let Err(e) = spawned {
        // No thread: nothing else to try.
        let _ = e;
    }
}

#[cfg(target_os = "linux")]
#[expect(
    unsafe_code,
    reason = "ALSA is a C library loaded at run time; each call is checked and the handle is closed on every path"
)]
mod output {
    use std::ffi::{c_char, c_int, c_long, c_uint, c_ulong, c_void};

    use super::{SAMPLE_RATE, SoundError};

    type Open = unsafe extern "C" fn(*mut *mut c_void, *const c_char, c_int, c_int) -> c_int;
    type SetParams =
        unsafe extern "C" fn(*mut c_void, c_int, c_int, c_uint, c_uint, c_int, c_uint) -> c_int;
    type Writei = unsafe extern "C" fn(*mut c_void, *const c_void, c_ulong) -> c_long;
    type Handle = unsafe extern "C" fn(*mut c_void) -> c_int;

    const STREAM_PLAYBACK: c_int = 0;
    const FORMAT_S16_LE: c_int = 2;
    const ACCESS_RW_INTERLEAVED: c_int = 3;

    fn symbol<T: Copy>(lib: &libloading::Library, name: &[u8]) -> Result<T, SoundError> {
        // SAFETY: each symbol is looked up with the signature ALSA's
        // headers give it (pcm.h, alsa-lib 1.x).
        unsafe { lib.get::<T>(name) }
            .map(|s| *s)
            .map_err(|e| SoundError::Library(e.to_string()))
    }

    pub(super) fn play(samples: &[i16]) -> Result<(), SoundError> {
        // SAFETY: loading libasound runs its initialisers, which have no
        // preconditions.
        let lib = unsafe { libloading::Library::new("libasound.so.2") }
            .map_err(|e| SoundError::Library(format!("libasound.so.2: {e}")))?;
        let open: Open = symbol(&lib, b"snd_pcm_open\0")?;
        let set_params: SetParams = symbol(&lib, b"snd_pcm_set_params\0")?;
        let writei: Writei = symbol(&lib, b"snd_pcm_writei\0")?;
        let drain: Handle = symbol(&lib, b"snd_pcm_drain\0")?;
        let close: Handle = symbol(&lib, b"snd_pcm_close\0")?;
        let mut pcm: *mut c_void = std::ptr::null_mut();
        // SAFETY: `pcm` is a valid out-pointer and the device name a
        // NUL-terminated string.
        let code = unsafe { open(&raw mut pcm, c"default".as_ptr(), STREAM_PLAYBACK, 0) };
        if code < 0 || pcm.is_null() {
            return Err(SoundError::Device(format!("snd_pcm_open: {code}")));
        }
        let result = (|| {
            // SAFETY: `pcm` was opened above; mono, 16-bit, 0.1 s latency.
            let code = unsafe {
                set_params(
                    pcm,
                    FORMAT_S16_LE,
                    ACCESS_RW_INTERLEAVED,
                    1,
                    SAMPLE_RATE,
                    1,
                    100_000,
                )
            };
            if code < 0 {
                return Err(SoundError::Device(format!("snd_pcm_set_params: {code}")));
            }
            let mut rest = samples;
            while !rest.is_empty() {
                // SAFETY: `rest` holds `rest.len()` mono frames of i16.
                let written = unsafe { writei(pcm, rest.as_ptr().cast(), rest.len() as c_ulong) };
                let Ok(n) = usize::try_from(written) else {
                    return Err(SoundError::Device(format!("snd_pcm_writei: {written}")));
                };
                rest = rest.get(n.max(1)..).unwrap_or_default();
            }
            // SAFETY: `pcm` is open.
            unsafe { drain(pcm) };
            Ok(())
        })();
        // SAFETY: `pcm` is open and closed exactly once, here.
        unsafe { close(pcm) };
        result
    }
}

#[cfg(not(target_os = "linux"))]
mod output {
    use super::SoundError;

    pub(super) fn play(_samples: &[i16]) -> Result<(), SoundError> {
        Err(SoundError::Unsupported)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The real call into the system's sound library (Linux): a machine without a
    /// sound card (a build server) refuses at the device, one without the
    /// library when loading it; either way an error that says which, never
    /// a crash.
    #[test]
    #[cfg(target_os = "linux")]
    fn playing_for_real_plays_or_names_what_refused() {
        match output::play(&samples(Tone::Warning)[..441]) {
            Ok(()) => {}
            Err(SoundError::Device(d) | SoundError::Library(d)) => {
                assert!(!d.is_empty());
            }
            Err(SoundError::Unsupported) => {
                panic!("Linux has ALSA; other systems do not reach this test's module")
            }
        }
    }

    #[test]
    fn the_warning_is_two_beeps_and_time_up_one_long_tone() {
        let warning = samples(Tone::Warning);
        assert_eq!(warning.len(), (120 + 80 + 120) * 44);
        // Silence between the beeps, sound in each.
        let ms = |m: usize| m * 44;
        assert!(warning[ms(130)..ms(190)].iter().all(|&s| s == 0));
        assert!(warning[ms(20)..ms(100)].iter().any(|&s| s > 5_000));
        assert!(warning[ms(220)..ms(300)].iter().any(|&s| s > 5_000));
        let up = samples(Tone::TimeUp);
        assert_eq!(up.len(), 700 * 44);
        // Faded in and out: no click at either end.
        assert!(up[0].abs() < 200 && up[up.len() - 1].abs() < 200);
        assert!(
            up.iter()
                .all(|s| s.unsigned_abs() <= (f64::from(i16::MAX) * 0.35) as u16 + 1)
        );
    }
}
