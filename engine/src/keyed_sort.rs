//! A stable sort by a number, one copy for every caller. The standard library's sorts are
//! compiled again for each element type and key closure (driftsort and its small sorts: 5 to
//! 10 KB of wasm each at opt-level 3), and the engine worker carried some fourteen of them.
//! Here only the key's reading and the final permutation are generic; the sort itself is one
//! `sort_unstable` of (key, position) pairs, so equal keys keep their order.

/// Sorts `items` by `key`, keeping the order of items with equal keys (as `sort_by_key`).
pub fn sort_by_key<T>(items: &mut Vec<T>, mut key: impl FnMut(&T) -> u64) {
    let mut order: Vec<(u64, u32)> = items.iter().enumerate().map(|(i, t)| (key(t), i as u32)).collect();
    sort_pairs(&mut order);
    let mut slots: Vec<Option<T>> = items.drain(..).map(Some).collect();
    items.extend(order.iter().filter_map(|&(_, i)| slots[i as usize].take()));
}

/// Sorts pairs as `sort_unstable` does: the one instance of the standard library's sort that
/// every caller here, and the ALS graph (techniques::als), share.
#[inline(never)]
pub(crate) fn sort_pairs(pairs: &mut [(u64, u32)]) {
    pairs.sort_unstable();
}

#[cfg(test)]
mod tests {
    #[test]
    fn sorts_by_the_key_and_keeps_ties_in_order() {
        let mut items = vec![(3, 'a'), (1, 'b'), (3, 'c'), (2, 'd'), (1, 'e')];
        super::sort_by_key(&mut items, |&(k, _)| k);
        assert_eq!(items, vec![(1, 'b'), (1, 'e'), (2, 'd'), (3, 'a'), (3, 'c')]);
    }
}
