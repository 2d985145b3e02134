//! The `feldherr` binary; everything lives in the library.

fn main() -> anyhow::Result<()> {
    feldherr::cli::main()
}
