//! The `feldherr` binary; everything lives in the library.

fn main() -> std::process::ExitCode {
    feldherr::cli::main()
}
