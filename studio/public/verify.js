/*
 * The verify page: recomputes a round from its seeds. The SHA-256 check of the server seed runs in
 * the browser (Web Crypto) as well as at the studio, so the player need not trust the answer.
 */
(function () {
  'use strict';
  var root = document.getElementById('verify');
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { if (k === 'text') node.textContent = attrs[k]; else node.setAttribute(k, attrs[k]); });
    (children || []).forEach(function (c) { node.appendChild(c); });
    return node;
  }
  function field(id, label, input) { return [el('label', { for: id, text: label }), input]; }
  var game = el('select', { id: 'game' });
  ['crash', 'mines', 'plinko', 'dice', 'limbo', 'hilo'].forEach(function (g) { game.appendChild(el('option', { value: g, text: g })); });
  var mines = el('input', { id: 'mines', inputmode: 'numeric', value: '3' });
  var rows = el('select', { id: 'rows' });
  [8, 12, 16].forEach(function (r) { rows.appendChild(el('option', { value: String(r), text: String(r) })); });
  var risk = el('select', { id: 'risk' });
  ['low', 'medium', 'high'].forEach(function (r) { risk.appendChild(el('option', { value: r, text: r })); });
  var direction = el('select', { id: 'direction' }, [el('option', { value: 'over', text: 'Roll over' }), el('option', { value: 'under', text: 'Roll under' })]);
  var diceTarget = el('input', { id: 'dice-target', inputmode: 'decimal', value: '50.50' });
  var limboTarget = el('input', { id: 'limbo-target', inputmode: 'decimal', value: '2.00' });
  var form = el('form', { class: 'panel', 'aria-label': 'Round seeds' }, [].concat(
    field('game', 'Game', game),
    field('server-seed', 'Server seed (revealed)', el('input', { id: 'server-seed', autocomplete: 'off' })),
    field('expected-hash', 'Server seed hash shown before the bet (optional)', el('input', { id: 'expected-hash', autocomplete: 'off' })),
    field('client-seed', 'Client seed', el('input', { id: 'client-seed', autocomplete: 'off' })),
    field('nonce', 'Nonce', el('input', { id: 'nonce', inputmode: 'numeric', value: '0' })),
    field('mines', 'Mines (mines only)', mines),
    field('rows', 'Rows (plinko only)', rows),
    field('risk', 'Risk (plinko only)', risk),
    field('direction', 'Roll over/under (dice only)', direction),
    field('dice-target', 'Target, 0–99.99 (dice only)', diceTarget),
    field('limbo-target', 'Target multiplier (limbo only)', limboTarget),
    [el('div', { class: 'actions' }, [el('button', { type: 'submit', text: 'Verify' })])],
  ));
  var out = el('div', { class: 'panel', role: 'status', id: 'result' });
  root.textContent = '';
  root.appendChild(el('h1', { text: 'Verify a Backlay Studio round (PF-1)' }));
  root.appendChild(form);
  root.appendChild(out);

  /** Hundredths from a typed decimal ("50.5" → 5050), or NaN (the studio then answers what it expects). */
  function hundredths(text) {
    var m = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text);
    return m ? Number(m[1]) * 100 + Number(((m[2] || '') + '00').slice(0, 2)) : NaN;
  }

  function sha256(text) {
    return crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)).then(function (b) {
      return Array.from(new Uint8Array(b), function (x) { return x.toString(16).padStart(2, '0'); }).join('');
    });
  }

  /**
   * The round's outcome computed here, by the studio's own outcome code bundled for the browser
   * (/assets/outcome.js: BacklayOutcome), or null where that code or Web Crypto is missing.
   */
  function recomputeHere(body) {
    var code = window.BacklayOutcome;
    if (!code || !window.crypto || !crypto.subtle) return Promise.resolve(null);
    return Promise.resolve()
      .then(function () { return code.outcomeOf(code.parseGameParams(body.game, body), body.serverSeed, body.clientSeed, body.nonce); })
      .catch(function () { return null; });
  }

  /** A value as JSON with its keys in order, so two outcomes compare whatever order their keys came in. */
  function canonical(value) {
    if (Array.isArray(value)) return '[' + value.map(canonical).join(',') + ']';
    if (value && typeof value === 'object') return '{' + Object.keys(value).sort().map(function (k) { return JSON.stringify(k) + ':' + canonical(value[k]); }).join(',') + '}';
    return JSON.stringify(value);
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var body = {
      game: game.value,
      serverSeed: document.getElementById('server-seed').value.trim(),
      clientSeed: document.getElementById('client-seed').value.trim(),
      nonce: Number(document.getElementById('nonce').value),
      mines: Number(mines.value),
      rows: Number(rows.value),
      risk: risk.value,
    };
    if (body.game === 'dice') {
      body.direction = direction.value;
      body.target = hundredths(diceTarget.value);
    }
    if (body.game === 'limbo') body.target = hundredths(limboTarget.value);
    var expected = document.getElementById('expected-hash').value.trim();
    out.textContent = 'Computing…';
    Promise.all([
      fetch('/verify-api/outcome', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(function (r) { return r.json().then(function (d) { if (!r.ok) throw new Error(d.message); return d; }); }),
      window.crypto && crypto.subtle ? sha256(body.serverSeed) : Promise.resolve(null),
      recomputeHere(body),
    ]).then(function (results) {
      var d = results[0];
      var lines = ['SHA-256 of the server seed: ' + d.serverSeedHash];
      if (results[1] !== null) lines.push('Recomputed in your browser: ' + (results[1] === d.serverSeedHash ? 'same' : 'DIFFERENT: ' + results[1]));
      if (results[2] !== null) lines.push('Outcome recomputed in your browser: ' + (canonical(results[2]) === canonical(d.outcome) ? 'same' : 'DIFFERENT: ' + canonical(results[2])));
      else lines.push('Outcome recomputed in your browser: not available here (the studio sent it)');
      if (expected) lines.push(expected === d.serverSeedHash ? 'It matches the hash shown before the bet.' : 'It does NOT match the hash shown before the bet.');
      var o = d.outcome;
      if (o.game === 'crash') lines.push('Crash point: ' + (o.crashCents / 100).toFixed(2) + '×');
      if (o.game === 'mines') lines.push('Mines on tiles: ' + o.mineTiles.map(function (t) { return t + 1; }).join(', '));
      if (o.game === 'dice') lines.push('Roll: ' + (o.roll / 100).toFixed(2) + ' (' + o.direction + ' ' + (o.target / 100).toFixed(2) + ': ' + (o.cents > 0 ? 'won ' + (o.cents / 100).toFixed(2) + '×' : 'lost') + ')');
      if (o.game === 'limbo') lines.push('Result: ' + (o.resultCents / 100).toFixed(2) + '× (target ' + (o.target / 100).toFixed(2) + '×: ' + (o.cents > 0 ? 'won' : 'lost') + ')');
      if (o.game === 'hilo') lines.push('Cards in order (the first is dealt at the bet, then one per guess): ' + d.cardLabels.join(' '));
      if (o.game === 'plinko') lines.push('Path: ' + o.path.map(function (r) { return r ? 'R' : 'L'; }).join('') + ' → bucket ' + o.bucket + ' (' + (o.cents / 100).toFixed(2) + '×)');
      out.textContent = '';
      lines.forEach(function (l) { out.appendChild(el('p', { class: 'mono', text: l })); });
    }).catch(function (e) { out.textContent = e.message; });
  });
})();
