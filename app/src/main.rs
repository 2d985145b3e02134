//! The `feldherr` binary; everything lives in the library.

fn main() -> std::process::ExitCode {
    #[cfg(windows)]
    windows_console::leave_own_console();
    feldherr::cli::main()
}

/// `feldherr.exe` is a console program, so that the command line prints
/// into the terminal it was typed in. Started from Explorer (a double
/// click), Windows gives it a console window of its own, which would stay
/// open beside the app and end the app when closed: when the window is
/// about to open and no other program shares that console, the app lets go
/// of it and it disappears.
#[cfg(windows)]
mod windows_console {
    use clap::Parser as _;

    pub(super) fn leave_own_console() {
        let opens_window = feldherr::cli::Cli::try_parse().is_ok_and(|cli| cli.command.is_none());
        if opens_window && alone_on_console() {
            free_console();
        }
    }

    #[expect(unsafe_code, reason = "two Win32 console calls without a safe wrapper")]
    fn alone_on_console() -> bool {
        use windows_sys::Win32::System::Console::GetConsoleProcessList;
        let mut ids = [0u32; 2];
        // SAFETY: the buffer holds `ids.len()` process ids.
        let count = unsafe { GetConsoleProcessList(ids.as_mut_ptr(), ids.len() as u32) };
        count == 1
    }

    #[expect(unsafe_code, reason = "two Win32 console calls without a safe wrapper")]
    fn free_console() {
        // SAFETY: no arguments; afterwards the standard handles are closed
        // and writes to them are dropped.
        unsafe {
            windows_sys::Win32::System::Console::FreeConsole();
        }
    }
}
