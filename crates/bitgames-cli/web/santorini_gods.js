// Santorini's gods on the page: each player's god picked from cards that
// state its power (the list and the sentences are the library's, from
// /api/santorini/gods), `random` drawn by the server, and the start position
// of a game with the gods picked (the server writes it). The link carries
// the gods as `gods=apollo,pan`; a search field shows the cards whose name
// holds its text.

import { api } from './api.js';
import { el, state, page, actions } from './page.js';

/** The gods of /api/santorini/gods: [{god, title, power}], `mortal` first. */
let list = null;
/** The start positions of the gods picked: 'apollo,pan' -> its start. */
const starts = new Map();
/** The cards chosen, `random` kept as chosen: ['random', 'pan'] (null: none chosen yet). */
let picks = null;
/** Whose god the cards show: 1 or 2. */
let tab = 1;
/** The text of the cards' search field: only the gods whose name holds it are shown. */
let filter = '';

/** Whether a card shows under the search text: its name or title holds it, in any case. */
function shows(g, text) {
  const t = text.trim().toLowerCase();
  return !t || g.god.includes(t) || g.title.toLowerCase().includes(t);
}

/** The god list, fetched once. */
export async function loadGods() {
  if (!list) list = (await api('santorini/gods', {})).gods;
  return list;
}

/**
 * The start position of a new game with the gods of `state.gods` (fetched
 * once for each pair; `random` is drawn by the server and `state.gods`
 * becomes the gods drawn, so that the link names them).
 */
export async function godStart() {
  if (!starts.has(state.gods)) {
    const answer = await api('santorini/gods', { pick: state.gods });
    list = answer.gods;
    if (state.gods !== answer.picked.join(',')) {
      // `random` drawn: the link names the god drawn.
      state.gods = answer.picked.join(',');
      const url = new URL(location.href);
      url.searchParams.set('gods', state.gods);
      history.replaceState(null, '', url);
    }
    starts.set(state.gods, answer.start);
  }
  return starts.get(state.gods);
}

/** A new game: with the cards chosen (`random` drawn again), or the gods of the position shown. */
export function newGodGame() {
  if (picks) state.gods = picks.join(',');
  else if (state.start && page.data && !page.data.failed && page.data.gods) state.gods = page.data.gods.join(',');
  if (state.gods === 'mortal,mortal') state.gods = null;
}

function info(god) {
  return (list || []).find((g) => g.god === god) || { god, title: god, power: '' };
}

/** The title of a player's god for the status line: ' (Apollo)', or '' in the base game. */
export function godSuffix(p) {
  const gods = page.data && page.data.gods;
  if (!gods || gods.every((g) => g === 'mortal')) return '';
  return ` (${info(gods[p - 1]).title})`;
}

function choose(player, god) {
  const now = page.data && page.data.gods ? page.data.gods.slice() : ['mortal', 'mortal'];
  picks = picks || now;
  picks[player - 1] = god;
  actions.newGame();
}

/** The Gods panel: the gods of the game shown, then the cards to choose them. */
export function godPanel(p, playerName) {
  const gods = page.data.gods || ['mortal', 'mortal'];
  p.append(el('h2', {}, 'Gods'));
  const now = el('dl', { class: 'kv', id: 'gods-now' });
  gods.forEach((g, i) => {
    const god = info(g);
    now.append(el('dt', {}, playerName(i + 1)), el('dd', { 'data-god': g }, god.title, el('span', { class: 'power' }, ` ${god.power}`)));
  });
  p.append(now);
  if (page.data.up_blocked) {
    p.append(el('p', { class: 'note', id: 'athena-note' }, `${page.data.blocked_by}: ${playerName(page.data.to_move)} cannot move up this turn.`));
  }
  p.append(el('p', { class: 'help' }, 'Choose each player\'s god: a choice starts a new game. The link names the gods.'));
  const tabs = el('div', { class: 'god-tabs', role: 'tablist', 'aria-label': 'Whose god' });
  for (const pl of [1, 2]) {
    tabs.append(el('button', {
      type: 'button', role: 'tab', class: `god-tab p${pl}`, 'data-player': pl, 'aria-selected': String(tab === pl),
      onclick: () => { tab = pl; actions.renderPanels(); },
    }, `${playerName(pl)}'s god`));
  }
  p.append(tabs);
  const search = el('input', {
    type: 'search', id: 'god-search', placeholder: 'Search the gods by name', 'aria-label': 'Search the gods by name', value: filter,
    oninput: (e) => {
      filter = e.target.value;
      for (const card of document.querySelectorAll('#god-cards .god-card')) card.hidden = !shows(card.dataset, filter);
    },
  });
  p.append(search);
  const chosen = picks ? picks[tab - 1] : gods[tab - 1];
  const cards = el('div', { class: 'god-cards', id: 'god-cards', 'data-player': tab });
  const all = [...(list || []), { god: 'random', title: 'Random', power: 'One of the ten gods, drawn for each new game.' }];
  for (const g of all) {
    cards.append(el('button', {
      type: 'button', class: 'god-card', 'data-god': g.god, 'data-title': g.title, 'aria-pressed': String(chosen === g.god),
      hidden: shows(g, filter) ? null : true,
      title: `${playerName(tab)} plays ${g.title}: a new game`,
      onclick: () => choose(tab, g.god),
    }, el('b', {}, g.title), el('span', {}, g.power)));
  }
  p.append(cards);
}
