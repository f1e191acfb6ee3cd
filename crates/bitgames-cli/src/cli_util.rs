//! Helpers shared by the subcommands: reading input lines, reporting errors.

use std::io::{self, BufRead};
use std::path::PathBuf;

/// The lines of the named files, or of standard input when none is named
/// (`-` also names standard input). Each line comes with its 1-based number
/// and the name of its source, for error messages.
#[allow(dead_code)]
pub fn input_lines(files: &[PathBuf]) -> anyhow::Result<Vec<(String, usize, String)>> {
    let mut out = Vec::new();
    if files.is_empty() {
        read_into("stdin", io::stdin().lock(), &mut out)?;
    } else {
        for f in files {
            if f.as_os_str() == "-" {
                read_into("stdin", io::stdin().lock(), &mut out)?;
            } else {
                let file = std::fs::File::open(f)
                    .map_err(|e| anyhow::anyhow!("cannot open {}: {e}", f.display()))?;
                read_into(&f.display().to_string(), io::BufReader::new(file), &mut out)?;
            }
        }
    }
    Ok(out)
}

fn read_into(
    source: &str,
    reader: impl BufRead,
    out: &mut Vec<(String, usize, String)>,
) -> anyhow::Result<()> {
    for (i, line) in reader.lines().enumerate() {
        let line = line.map_err(|e| anyhow::anyhow!("{source}: line {}: {e}", i + 1))?;
        out.push((source.to_string(), i + 1, line));
    }
    Ok(())
}
