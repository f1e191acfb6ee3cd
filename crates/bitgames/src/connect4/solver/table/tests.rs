use super::*;

#[test]
fn the_index_is_the_remainder_of_the_key() {
    let mut t = Table::new(20, 49);
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    for active in 0..t.sizes.len() {
        t.set_active(active);
        let n = t.modulus;
        for k in [
            0,
            1,
            n - 1,
            n,
            n + 1,
            2 * n - 1,
            2 * n,
            (1 << 49) - 1,
            u64::MAX,
        ] {
            assert_eq!(t.index(k) as u64, k % n, "key {k} mod {n}");
        }
        for _ in 0..100_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            assert_eq!(t.index(x) as u64, x % n, "key {x} mod {n}");
            let k = x >> 15;
            assert_eq!(t.index(k) as u64, k % n, "key {k} mod {n}");
        }
    }
}

#[test]
fn the_bucket_count_is_prime_and_big_enough_for_exact_keys() {
    let t = Table::new(20, 49);
    assert!(t.sizes.iter().all(|&n| is_prime(n)));
    assert!(t.buckets.len() >= 1 << 20);
    assert_eq!(t.sizes.len(), 4, "2^12, 2^15, 2^18, 2^20: {:?}", t.sizes);
    let wide = Table::new(4, 64);
    assert!(wide.modulus >= 1 << 24, "keys of 64 bits need 2^24 buckets");
}

#[test]
fn stores_and_finds_scores_and_forgets_them_on_clear() {
    let mut t = Table::new(8, 49);
    t.put(12345, -7, Bound::Upper, Some(3), 5);
    assert_eq!(
        t.get(12345),
        Some(Hit {
            score: -7,
            bound: Bound::Upper,
            best: Some(3)
        })
    );
    assert_eq!(t.get(12346), None);
    // Same partial key, different bucket: never confused.
    assert_eq!(t.get(12345 + (1 << 40)), None);
    t.put(12345, -7, Bound::Lower, None, 5);
    assert_eq!(t.get(12345).unwrap().bound, Bound::Exact);
    assert_eq!(t.get(12345).unwrap().best, Some(3));
    t.clear();
    assert_eq!(t.get(12345), None);
}

#[test]
fn growing_keeps_the_entries_under_their_full_keys() {
    let mut t = Table::new(20, 49);
    let keys: Vec<u64> = (0..3000u64)
        .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 15)
        .collect();
    for (i, &k) in keys.iter().enumerate() {
        t.put(
            k,
            (i % 40) as i32 - 20,
            Bound::Lower,
            Some((i % 7) as u8),
            9,
        );
    }
    let before = t.modulus;
    assert!(t.grow());
    assert!(t.modulus > before);
    let found = keys.iter().enumerate().filter(|&(i, &k)| {
        t.get(k)
            .is_some_and(|h| h.score == (i % 40) as i32 - 20 && h.best == Some((i % 7) as u8))
    });
    // 3000 keys in 4099 buckets of two: a few were pushed out before the growth.
    assert!(found.count() > 2800);
    // No key that was never stored is found.
    assert!((0..3000u64).all(|i| {
        t.get((i.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 15) ^ 1)
            .is_none()
    }));
}

#[test]
fn faulting_the_pages_in_keeps_the_entries_and_the_size() {
    let mut t = Table::new(16, 49);
    let keys: Vec<u64> = (1..=500u64).map(|i| i * 7919).collect();
    for (i, &k) in keys.iter().enumerate() {
        t.put(k, (i % 9) as i32 - 4, Bound::Exact, None, 3);
    }
    let before = t.modulus();
    t.prefault();
    assert_eq!(
        t.modulus(),
        before,
        "prefaulting does not grow the part in use"
    );
    for (i, &k) in keys.iter().enumerate() {
        let hit = t.get(k).expect("a stored key is still found");
        assert_eq!((hit.score, hit.bound), ((i % 9) as i32 - 4, Bound::Exact));
    }
    // Growing and clearing still work as before.
    assert!(t.grow());
    assert!(keys.iter().all(|&k| t.get(k).is_some()));
    t.clear();
    assert!(keys.iter().all(|&k| t.get(k).is_none()));
}

#[test]
fn the_bytes_a_server_reserves_are_the_bytes_the_table_takes() {
    // 7x6 (49-bit keys), 8x7 (64 bits: more buckets than asked), 8x8 and
    // 16x7 (wide; 16x7 needs 2^26 buckets whatever is asked).
    for (log2, key_bits) in [(10, 49), (21, 49), (10, 64), (12, 72)] {
        let bytes = if key_bits <= 64 {
            Table::try_new(log2, key_bits).unwrap().bytes()
        } else {
            super::wide::WideTable::try_new(log2, key_bits)
                .unwrap()
                .bytes()
        };
        assert_eq!(super::bytes_for(log2, key_bits), bytes, "{log2} {key_bits}");
    }
    assert!(super::bytes_for(10, 64) >= 16 << 24);
    assert_eq!(
        super::bytes_for(21, 128),
        (super::next_prime(1 << 26) as usize) * 32
    );
}
