//! `move-to` and `distances`: one instance a line, bad lines reported with
//! their number.

use crate::cli_util::input_lines;
use bitgames::santorini::Instance;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Answers every good line in input order; reports bad lines on stderr.
pub(super) fn batch(
    files: &[PathBuf],
    answer: impl Fn(&Instance) -> String,
) -> anyhow::Result<ExitCode> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut bad = 0usize;
    for (source, number, line) in input_lines(files)? {
        match line.and_then(|l| l.parse::<Instance>().map_err(|e| e.to_string())) {
            Ok(inst) => writeln!(out, "{}", answer(&inst))?,
            Err(e) => {
                out.flush()?;
                eprintln!("bitgames: error: {source}: line {number}: {e}");
                bad += 1;
            }
        }
    }
    out.flush()?;
    Ok(if bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
