//! The book-building core's tests: layers and their chunks, exact scores,
//! bytes that do not depend on the cut, resumed and foreign chunks.

use super::*;
use crate::connect4::Position;
use std::sync::Arc;

fn g54() -> Geometry {
    Geometry::new(5, 4).unwrap()
}

/// Solves every chunk not in yet, deepest layer first, as a front end
/// does; the positions solved.
fn solve_all(build: &mut BookBuild, solver: &mut Solver) -> usize {
    let mut solved = 0;
    for stones in build.order().collect::<Vec<_>>() {
        solver.set_book(build.book_below(stones).map(Arc::new));
        for id in build.pending(stones) {
            let chunk =
                solve_chunk(solver, build.header(id), build.keys(id), || solved += 1).unwrap();
            let bytes = chunk.to_bytes();
            assert_eq!(build.accept(id, &bytes).unwrap(), chunk.keys.len());
        }
    }
    solved
}

#[test]
fn layers_hold_their_positions_cut_into_chunks() {
    // 4 and 25 positions of 1 and 2 stones on 7x6 (mirror images once).
    let b = BookBuild::new(Geometry::STANDARD, 1..=2, 10).unwrap();
    assert_eq!(b.order().collect::<Vec<_>>(), [2, 1]);
    assert_eq!((b.layer_keys(1).len(), b.layer_keys(2).len()), (4, 25));
    assert_eq!((b.chunks(1), b.chunks(2), b.total_chunks()), (1, 3, 4));
    let last = ChunkId { layer: 2, index: 2 };
    assert_eq!(b.keys(last), &b.layer_keys(2)[20..]);
    assert_eq!(b.header(last).chunks, 3);
    // 5x4: the counts the CLI's and Ray's books of these layers hold.
    let b = BookBuild::new(g54(), 0..=6, DEFAULT_CHUNK_SIZE).unwrap();
    assert_eq!(b.positions(), 2285);
    let b = BookBuild::new(g54(), 6..=6, 100).unwrap();
    assert_eq!((b.positions(), b.chunks(6)), (1500, 15));
    let all: Vec<u128> = b
        .pending(6)
        .iter()
        .flat_map(|&id| b.keys(id).to_vec())
        .collect();
    assert_eq!(all, layer_keys(g54(), 6));
    assert!(all.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(
        b.keys(ChunkId {
            layer: 6,
            index: 14
        })
        .len(),
        100
    );
    assert_eq!(b.keys(ChunkId { layer: 5, index: 0 }), &[] as &[u128]);
    assert_eq!(
        BookBuild::new(g54(), 20..=20, 10).unwrap_err().to_string(),
        "layers 20..=20: a build needs at least one layer, each below the 20 cells of the board"
    );
    assert!(matches!(
        BookBuild::new(g54(), 1..=1, 0),
        Err(BuildError::BadChunkSize(0))
    ));
}

#[test]
fn a_build_solves_exact_scores_and_its_bytes_do_not_depend_on_the_cut() {
    let g = g54();
    let mut build = BookBuild::new(g, 0..=4, 7).unwrap();
    assert_eq!(
        build.book().unwrap_err().to_string(),
        format!(
            "{} chunks are not solved yet, the first: chunk 0 of layer 4",
            build.total_chunks()
        )
    );
    let mut solver = Solver::with_table_log2(16);
    assert_eq!(solve_all(&mut build, &mut solver), build.positions());
    assert_eq!(build.done(), (build.total_chunks(), build.positions()));
    let book = build.book().unwrap();
    assert_eq!(book.len(), build.positions());
    // Every score is the one a solver with no book finds.
    let mut plain = Solver::with_table_log2(16);
    for stones in 0..=4 {
        for pos in book_positions(g, stones) {
            assert_eq!(
                book.score(&pos),
                Some(plain.solve(&pos, Mode::Strong).unwrap())
            );
        }
    }
    // The empty 5x4 board is a draw.
    assert_eq!(book.score(&Position::new(g)), Some(0));
    // Cut into chunks of one position, or one chunk a layer: the same bytes.
    let bytes = book.to_bytes().unwrap();
    for size in [1, 1000] {
        let mut other = BookBuild::new(g, 0..=4, size).unwrap();
        solve_all(&mut other, &mut Solver::with_table_log2(16));
        assert_eq!(
            other.book().unwrap().to_bytes().unwrap(),
            bytes,
            "chunks of {size}"
        );
    }
    // The book below a layer holds the deeper layers only.
    let below = build.book_below(2).unwrap();
    assert_eq!(below.layers(), Layers::from(3..=4));
    assert_eq!(
        below.len(),
        build.layer_keys(3).len() + build.layer_keys(4).len()
    );
    assert!(build.book_below(4).is_none());
}

#[test]
fn a_resumed_build_takes_finished_chunks_and_refuses_foreign_ones() {
    let g = g54();
    let mut first = BookBuild::new(g, 6..=6, 100).unwrap();
    let mut solver = Solver::with_table_log2(16);
    let files: Vec<(String, Vec<u8>)> = first.pending(6)[..4]
        .iter()
        .map(|&id| {
            let chunk = solve_chunk(&mut solver, first.header(id), first.keys(id), || {}).unwrap();
            (id.file_name(), chunk.to_bytes())
        })
        .collect();
    // A run again takes them in by their names and solves the rest only.
    let mut again = BookBuild::new(g, 6..=6, 100).unwrap();
    for (name, bytes) in &files {
        let id = again.chunk_of_file(name).unwrap().unwrap();
        again.accept(id, bytes).unwrap();
    }
    assert_eq!(again.done(), (4, 400));
    assert_eq!(again.pending(6).len(), 11);
    assert_eq!(again.pending(6)[0].index, 4);
    assert_eq!(solve_all(&mut again, &mut solver), 1100);
    solve_all(&mut first, &mut solver);
    assert_eq!(again.book().unwrap(), first.book().unwrap());

    let (three, four) = (
        ChunkId { layer: 6, index: 3 },
        ChunkId { layer: 6, index: 4 },
    );
    let b = BookBuild::new(g, 6..=6, 100).unwrap();
    let err = |build: &BookBuild, id, bytes: &[u8]| {
        build.clone().accept(id, bytes).unwrap_err().to_string()
    };
    // Torn: to be solved again.
    let torn = &files[3].1[..files[3].1.len() - 1];
    assert!(b.clone().accept(three, torn).unwrap_err().is_torn());
    // Another chunk's file under this name.
    let other = solve_chunk(&mut solver, b.header(four), b.keys(four), || {}).unwrap();
    assert_eq!(
        err(&b, three, &other.to_bytes()),
        "it holds chunk 4, its name says chunk 3"
    );
    // The right header, another chunk's keys.
    let forged = Chunk {
        header: b.header(three),
        ..other.clone()
    };
    let e = err(&b, three, &forged.to_bytes());
    assert!(
        e.starts_with("entry 0: key 0x") && e.contains("is not a key of chunk 3 of layer 6"),
        "{e}"
    );
    // Another cut, another board, a layer not built, a chunk beyond the layer.
    let cut50 = BookBuild::new(g, 6..=6, 50).unwrap();
    assert_eq!(
        err(&cut50, three, &files[3].1),
        "it was cut into chunks of 100 positions (15 in layer 6), this build cuts chunks of 50 (30): give that chunk size, or another chunk directory"
    );
    let g64 = BookBuild::new(Geometry::new(6, 4).unwrap(), 6..=6, 100).unwrap();
    assert_eq!(
        err(&g64, three, &files[3].1),
        "it is for a 5x4 board, this build is 6x4"
    );
    assert_eq!(b.chunk_of_file("layer05-chunk000000.bin"), Ok(None));
    assert_eq!(b.chunk_of_file("notes.txt"), Ok(None));
    assert_eq!(
        b.chunk_of_file("layer06-chunk000099.bin")
            .unwrap_err()
            .to_string(),
        "this build cuts layer 6 into 15 chunks of 100: there is no chunk 99"
    );
}

#[test]
fn a_chunk_of_keys_its_layer_does_not_hold_is_not_solved() {
    let g = g54();
    let b = BookBuild::new(g, 2..=2, 10).unwrap();
    let id = ChunkId { layer: 2, index: 0 };
    let mut keys = b.keys(id).to_vec();
    keys[1] = 0;
    let err = solve_chunk(&mut Solver::with_table_log2(16), b.header(id), &keys, || {})
        .unwrap_err()
        .to_string();
    assert_eq!(err, "key 1 (0x0): is no position of a 5x4 board");
}
