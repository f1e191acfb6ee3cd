use super::*;

fn play_all(geometry: Geometry, cols: &[usize]) -> Position {
    let mut p = Position::new(geometry);
    for &c in cols {
        p.play(c).unwrap();
    }
    p
}

#[test]
fn bit_layout_is_column_major_with_a_spare_row() {
    let g = Geometry::STANDARD;
    assert_eq!(g.bit(0, 0), 1);
    assert_eq!(g.bit(1, 0), 1 << 7);
    assert_eq!(g.bit(6, 5), 1 << 47);
    assert_eq!(g.bottom_mask().count_ones(), 7);
    assert_eq!(g.board_mask().count_ones(), 42);
    assert_eq!(
        g.board_mask() & (1 << 6),
        0,
        "spare bit of column 1 is not a cell"
    );
}

#[test]
fn sizes_that_do_not_fit_are_refused_with_the_bit_count() {
    assert!(Geometry::new(8, 7).is_ok());
    assert!(Geometry::new(9, 6).is_ok());
    assert!(Geometry::new(4, 4).is_ok());
    assert!(Geometry::new(8, 8).is_ok());
    assert!(Geometry::new(16, 7).is_ok());
    assert!(Geometry::new(8, 15).is_ok());
    let e = Geometry::new(12, 10).unwrap_err();
    assert_eq!(
        e.to_string(),
        "a 12x10 board needs 12 x (10 + 1) = 132 bits, more than the 128 of a u128"
    );
    assert_eq!(
        Geometry::new(4, 16).unwrap_err().to_string(),
        "a board has at most 15 rows, not 16"
    );
    assert!(Geometry::new(10, 4).is_ok());
    assert!(Geometry::new(16, 3).is_ok());
    assert_eq!(
        Geometry::new(17, 2).unwrap_err().to_string(),
        "a board has at most 16 columns, not 17"
    );
    assert!(Geometry::new(0, 6).is_err());
}

#[test]
fn play_stacks_stones_and_alternates() {
    let p = play_all(Geometry::STANDARD, &[3, 3, 4]);
    assert_eq!(p.cell(3, 0), Some(Player::One));
    assert_eq!(p.cell(3, 1), Some(Player::Two));
    assert_eq!(p.cell(4, 0), Some(Player::One));
    assert_eq!(p.cell(4, 1), None);
    assert_eq!(p.to_move(), Player::Two);
    assert_eq!(p.column_height(3), 2);
}

#[test]
fn a_full_column_is_refused_and_the_board_is_unchanged() {
    let mut p = play_all(Geometry::STANDARD, &[0; 6]);
    let before = p;
    assert_eq!(p.play(0), Err(PlayError::FullColumn { column: 1 }));
    assert_eq!(p, before);
    assert_eq!(
        p.play(7),
        Err(PlayError::OutOfRange {
            column: 8,
            width: 7
        })
    );
}

#[test]
fn four_in_each_direction_is_found() {
    let g = Geometry::STANDARD;
    // Horizontal bottom row, vertical, and both diagonals.
    let horiz = g.bit(0, 0) | g.bit(1, 0) | g.bit(2, 0) | g.bit(3, 0);
    let vert = g.bit(2, 1) | g.bit(2, 2) | g.bit(2, 3) | g.bit(2, 4);
    let diag = g.bit(0, 0) | g.bit(1, 1) | g.bit(2, 2) | g.bit(3, 3);
    let anti = g.bit(6, 0) | g.bit(5, 1) | g.bit(4, 2) | g.bit(3, 3);
    for four in [horiz, vert, diag, anti] {
        assert!(g.alignment(four));
        // Any three of the four are not a win.
        let mut bits = four;
        while bits != 0 {
            let low = bits & bits.wrapping_neg();
            assert!(!g.alignment(four ^ low));
            bits ^= low;
        }
    }
    // A vertical run over the top of one column into the next is no four.
    let wrap = g.bit(0, 4) | g.bit(0, 5) | g.bit(1, 0) | g.bit(1, 1);
    assert!(!g.alignment(wrap));
}

#[test]
fn fours_are_the_stones_of_every_four_in_a_row() {
    let g = Geometry::STANDARD;
    // X stacks four in column 1 (bits 0..=3); O's three in column 2 are no four.
    let p = play_all(g, &[0, 1, 0, 1, 0, 1, 0]);
    assert_eq!(g.fours(p.opponent()), 0b1111);
    assert_eq!(g.fours(p.current()), 0);
    // Five in a row on the bottom row (columns 1..5): all five, none of O's.
    let p = play_all(g, &[0, 0, 1, 1, 2, 2, 4, 4, 3]);
    let bottom: u128 = (0..5).map(|c| g.bit(c, 0)).sum();
    assert_eq!(g.fours(p.opponent()), bottom);
    // A diagonal: X on (0,0) (1,1) (2,2) (3,3).
    let p = play_all(g, &[0, 1, 1, 2, 3, 2, 2, 3, 6, 3, 3]);
    let diagonal: u128 = (0..4).map(|i| g.bit(i, i)).sum();
    assert_eq!(g.fours(p.opponent()), diagonal);
}

#[test]
fn winning_moves_and_the_win_itself() {
    // X: 1 2 3 on the bottom row; O stacked on column 1.
    let p = play_all(Geometry::STANDARD, &[0, 0, 1, 1, 2, 2]);
    assert!(p.is_winning_move(3));
    assert_eq!(p.winning_moves(), Geometry::STANDARD.bit(3, 0));
    let mut q = p;
    q.play(3).unwrap();
    assert!(q.last_player_won());
    assert_eq!(
        q.play(4),
        Err(PlayError::GameWon {
            winner: Player::One
        })
    );
}

#[test]
fn key_is_position_plus_mask_plus_bottom_and_mirror_maps_columns() {
    let g = Geometry::STANDARD;
    let p = play_all(g, &[0, 1]);
    let q = play_all(g, &[6, 5]);
    assert_eq!(p.key(), p.current() + p.mask() + g.bottom_mask());
    assert_eq!(p.mirror_key(), q.key());
    assert_eq!(g.mirror(g.mirror(p.key())), p.key());
}

#[test]
fn raw_bitboard_drawing_has_the_spare_row_on_top() {
    let g = Geometry::new(4, 4).unwrap();
    let text = draw_bits(g, g.bottom_mask() | g.bit(1, 4));
    assert_eq!(text, ". 1 . .\n. . . .\n. . . .\n. . . .\n1 1 1 1\n");
}
