/*
 * Backlay Studio's game page, in the operator's frame: talks only to the studio's play API (same
 * origin) with the page's play token. The server decides every outcome; this script draws it.
 * Amounts travel as minor-unit strings (paise) and are shown in ₹.
 *
 * The page fits its frame (which cannot scroll): the game on top (its stage scales to the space
 * left, its controls below it on a phone and beside it on a desktop), and the pay table, the
 * fairness seeds and the history in tabs below, each panel scrolling inside itself.
 */
(function () {
  'use strict';
  var root = document.getElementById('app');
  var boot = JSON.parse(root.getAttribute('data-boot'));
  var game = boot.game;
  var rules = boot.rules;
  var clockOffset = 0;
  var current = null; // the round in play (or the last one shown)
  var busy = false;
  var animation = 0;
  document.documentElement.className = 'game-page';

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === 'text') node.textContent = attrs[k];
      else if (k === 'onclick') node.addEventListener('click', attrs[k]);
      else node.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { if (c) node.appendChild(c); });
    return node;
  }
  function byId(id) { return document.getElementById(id); }
  function field(id, label, input) { return el('div', { class: 'field' }, [el('label', { for: id, text: label }), input]); }

  /** ₹ from paise (a decimal string or a whole number), Indian digit grouping, without floats. */
  function rupees(paise) {
    var n = typeof paise === 'string' ? paise : String(paise);
    var whole = n.length > 2 ? n.slice(0, -2) : '0';
    var frac = ('00' + n).slice(-2);
    var last3 = whole.slice(-3);
    var rest = whole.slice(0, -3);
    var grouped = rest ? rest.replace(/\B(?=(\d{2})+(?!\d))/g, ',') + ',' + last3 : last3;
    return '₹' + grouped + '.' + frac;
  }
  /** Paise from a ₹ amount typed by the player ("10", "10.5", "10.50"), or null. */
  function toPaise(text) {
    var m = /^\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text);
    if (!m) return null;
    return String(Number(m[1]) * 100 + Number(((m[2] || '') + '00').slice(0, 2)));
  }
  /** Hundredths from a typed decimal ("2", "1.5", "49.50") with at most two decimals, or null. */
  function toHundredths(text, maxWhole) {
    var m = /^\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text);
    if (!m || Number(m[1]) > maxWhole) return null;
    return Number(m[1]) * 100 + Number(((m[2] || '') + '00').slice(0, 2));
  }
  function times(cents) { return (cents / 100).toFixed(2) + '×'; }
  /** A percentage for display: two decimals, or two significant digits below 0.01 %. */
  function percent(p) { return (p >= 0.01 ? p.toFixed(2) : p.toPrecision(2)) + ' %'; }
  function hundredths(n) { return (n / 100).toFixed(2); }

  function api(method, path, body) {
    return fetch(path, {
      method: method,
      headers: Object.assign({ authorization: 'Bearer ' + boot.playToken }, body ? { 'content-type': 'application/json' } : {}),
      body: body ? JSON.stringify(body) : undefined,
    }).then(function (res) {
      return res.json().then(function (data) {
        if (!res.ok) throw new Error(data.message || 'The studio refused that (' + res.status + ')');
        if (data.state) setState(data.state);
        else if (data.serverNow) setState(data);
        return data;
      });
    });
  }

  function say(text, isError) {
    var m = byId('message');
    m.textContent = text;
    m.className = 'message' + (isError ? ' error' : '');
  }

  function setState(s) {
    clockOffset = s.serverNow - Date.now();
    byId('balance').textContent = rupees(s.player.balance);
    byId('seed-hash').textContent = s.seeds.serverSeedHash;
    byId('nonce').textContent = String(s.seeds.nonce);
    if (document.activeElement !== byId('client-seed')) byId('client-seed').value = s.seeds.clientSeed;
    var list = byId('history');
    list.textContent = '';
    if (!s.history.length) list.appendChild(el('li', { text: 'No rounds yet' }));
    s.history.forEach(function (r) {
      var result = r.payout === null ? r.state : r.payout === '0' ? 'lost' : 'won ' + rupees(r.payout);
      list.appendChild(el('li', {}, [el('span', { text: '#' + r.nonce + ' ' + rupees(r.stake) }), el('span', { text: result })]));
    });
  }

  function run(action) {
    if (busy) return;
    busy = true;
    refreshButtons();
    action().catch(function (e) { say(e.message, true); }).then(function () { busy = false; refreshButtons(); });
  }

  // ---- layout ----------------------------------------------------------------------------

  var title = { crash: 'Crash', mines: 'Mines', plinko: 'Plinko', dice: 'Dice', limbo: 'Limbo', hilo: 'HiLo' }[game];
  var fields = [field('stake', 'Stake (₹)', el('input', { id: 'stake', inputmode: 'decimal', value: '10.00', autocomplete: 'off' }))];
  if (game === 'crash') {
    fields.push(field('auto', 'Auto cash-out (×)', el('input', { id: 'auto', inputmode: 'decimal', placeholder: 'e.g. 2.00', autocomplete: 'off' })));
  } else if (game === 'mines') {
    var minesSelect = el('select', { id: 'mines' });
    for (var i = 1; i <= 24; i++) minesSelect.appendChild(el('option', { value: String(i), text: String(i) }));
    minesSelect.value = '3';
    fields.push(field('mines', 'Mines', minesSelect));
  } else if (game === 'plinko') {
    var rowsSelect = el('select', { id: 'rows' });
    rules.plinko.rows.forEach(function (r) { rowsSelect.appendChild(el('option', { value: String(r), text: String(r) })); });
    var riskSelect = el('select', { id: 'risk' });
    rules.plinko.risks.forEach(function (r) { riskSelect.appendChild(el('option', { value: r, text: r })); });
    fields.push(field('rows', 'Rows', rowsSelect), field('risk', 'Risk', riskSelect));
  } else if (game === 'dice') {
    var direction = el('select', { id: 'direction' }, [el('option', { value: 'over', text: 'Over' }), el('option', { value: 'under', text: 'Under' })]);
    fields.push(field('direction', 'Roll over/under', direction), field('target', 'Target (0–99.99)', el('input', { id: 'target', inputmode: 'decimal', value: '50.50', autocomplete: 'off' })));
  } else if (game === 'limbo') {
    fields.push(field('target', 'Target multiplier', el('input', { id: 'target', inputmode: 'decimal', value: '2.00', autocomplete: 'off' })));
  }
  var betLabel = game === 'plinko' ? 'Drop ball' : game === 'dice' ? 'Roll' : 'Bet';
  var canCashOut = game === 'crash' || game === 'mines' || game === 'hilo';
  var controls = el('section', { class: 'panel controls', 'aria-label': 'Bet' }, [
    el('div', { class: 'fields' }, fields),
    game === 'dice' || game === 'limbo' ? el('p', { id: 'odds', class: 'odds', 'aria-live': 'polite' }) : null,
    el('div', { class: 'actions' }, [
      el('button', { id: 'bet', type: 'button', text: betLabel, onclick: function () { run(placeBet); } }),
      canCashOut ? el('button', { id: 'cashout', type: 'button', class: 'secondary', text: 'Cash out', onclick: function () { run(cashOut); } }) : null,
    ]),
    el('p', { id: 'message', class: 'message', role: 'status' }),
  ]);

  // The tabs: the pay table, fairness and history (WAI-ARIA tabs, arrow keys move between them).
  var TABS = [
    { id: 'paytable', label: 'Pay table' },
    { id: 'fairness', label: 'Fairness' },
    { id: 'history', label: 'History' },
  ];
  var tablist = el('div', { role: 'tablist', 'aria-label': title + ' information', class: 'tablist' });
  var panels = [];
  TABS.forEach(function (t, k) {
    var tab = el('button', { type: 'button', role: 'tab', id: 'tab-' + t.id, 'aria-controls': 'panel-' + t.id, 'aria-selected': k === 0 ? 'true' : 'false', tabindex: k === 0 ? '0' : '-1', text: t.label });
    tab.addEventListener('click', function () { selectTab(k); });
    tab.addEventListener('keydown', function (e) {
      var to = e.key === 'ArrowRight' ? (k + 1) % TABS.length : e.key === 'ArrowLeft' ? (k + TABS.length - 1) % TABS.length : e.key === 'Home' ? 0 : e.key === 'End' ? TABS.length - 1 : -1;
      if (to < 0) return;
      e.preventDefault();
      selectTab(to);
      byId('tab-' + TABS[to].id).focus();
    });
    tablist.appendChild(tab);
    var panel = el('div', { role: 'tabpanel', id: 'panel-' + t.id, 'aria-labelledby': 'tab-' + t.id, tabindex: '0', class: 'tabpanel' });
    if (k !== 0) panel.hidden = true;
    panels.push(panel);
  });
  function selectTab(k) {
    TABS.forEach(function (t, j) {
      var tab = byId('tab-' + t.id);
      tab.setAttribute('aria-selected', j === k ? 'true' : 'false');
      tab.setAttribute('tabindex', j === k ? '0' : '-1');
      byId('panel-' + t.id).hidden = j !== k;
    });
  }
  panels[1].appendChild(el('div', {}, [
    el('p', {}, [el('span', { text: 'Next nonce: ' }), el('span', { id: 'nonce' }), el('span', { text: ' · ' }), el('a', { href: '/verify', target: '_blank', rel: 'noopener', text: 'Verify a round' })]),
    el('p', {}, [el('span', { text: 'Server seed hash: ' }), el('span', { id: 'seed-hash', class: 'mono' })]),
    field('client-seed', 'Client seed', el('input', { id: 'client-seed', autocomplete: 'off', maxlength: '64' })),
    el('div', { class: 'actions' }, [el('button', { id: 'rotate', type: 'button', class: 'secondary', text: 'Rotate seeds', onclick: function () { run(rotate); } })]),
    el('p', { id: 'revealed', class: 'mono' }),
  ]));
  panels[2].appendChild(el('ul', { id: 'history', class: 'history', 'aria-label': 'Your last rounds' }));

  root.textContent = '';
  root.appendChild(el('header', { class: 'game-head' }, [el('h1', { text: title + ' · Backlay Studio' }), el('div', {}, [el('span', { text: 'Balance ' }), el('span', { id: 'balance', class: 'balance', 'aria-live': 'polite', text: '…' })])]));
  root.appendChild(el('div', { class: 'play' }, [el('section', { class: 'panel stage', id: 'stage', 'aria-label': title }, []), controls]));
  root.appendChild(el('div', { class: 'info' }, [tablist].concat(panels)));

  var stage = byId('stage');

  // ---- the pay table ---------------------------------------------------------------------

  function table(caption, head, rows) {
    return el('table', { class: 'paytable' }, [
      el('caption', { text: caption }),
      el('thead', {}, [el('tr', {}, head.map(function (h) { return el('th', { scope: 'col', text: h }); }))]),
      el('tbody', {}, rows.map(function (r) { return el('tr', {}, r.map(function (c, j) { return el(j === 0 ? 'th' : 'td', j === 0 ? { scope: 'row', text: c } : { text: c }); })); })),
    ]);
  }

  function renderPayTable() {
    var p = panels[0];
    p.textContent = '';
    if (game === 'crash') {
      p.appendChild(el('p', { text: 'RTP ' + (rules.crash.rtp * 100).toFixed(2) + ' % whatever you cash out at: the round reaches a multiplier x with probability 0.99 / x.' }));
      p.appendChild(table('Chance the curve reaches', ['Cash out at', 'Chance'], [150, 200, 300, 500, 1000, 10000].map(function (c) { return [times(c), percent(9900 / c)]; })));
    } else if (game === 'mines') {
      var m = Number(byId('mines').value);
      p.appendChild(el('p', { text: 'RTP ' + (rules.mines.rtp * 100).toFixed(2) + ' % whenever you cash out. ' + m + ' mines:' }));
      p.appendChild(table('Cash-out multiplier with ' + m + ' mines', ['Safe tiles', 'Multiplier'], rules.mines.multipliers[m].map(function (c, k) { return [String(k + 1), times(c)]; })));
    } else if (game === 'plinko') {
      var t = rules.plinko.tables[byId('rows').value][byId('risk').value];
      p.appendChild(el('p', { text: 'RTP of this table: ' + (t.rtpBp / 100).toFixed(2) + ' %' }));
      p.appendChild(table(byId('rows').value + ' rows, ' + byId('risk').value + ' risk', ['Bucket', 'Multiplier'], t.cents.map(function (c, b) { return [String(b + 1), times(c)]; })));
    } else if (game === 'dice') {
      p.appendChild(el('p', { text: 'A roll of 0.00 to 99.99, each of the 10,000 rolls equally likely. Multiplier = 99 ÷ win chance, rounded down to 0.01×; RTP at most ' + (rules.dice.rtp * 100).toFixed(2) + ' %. Win chance ' + hundredths(rules.dice.minChance) + ' % to ' + hundredths(rules.dice.maxChance) + ' %.' }));
      p.appendChild(table('Examples', ['Win chance', 'Multiplier'], [100, 1000, 2500, 4950, 5000, 7500, 9000, 9800].map(function (n) { return [hundredths(n) + ' %', times(Math.floor(rules.dice.multiplierNumerator / n))]; })));
    } else if (game === 'limbo') {
      p.appendChild(el('p', { text: 'The result reaches a target x with probability 0.99 ÷ x, and a win pays the target: RTP ' + (rules.limbo.rtp * 100).toFixed(2) + ' % for every target from ' + times(rules.limbo.minTargetCents) + ' to ' + times(rules.limbo.maxTargetCents) + '.' }));
      p.appendChild(table('Chance to win', ['Target', 'Chance'], [101, 150, 200, 500, 1000, 10000, 100000].map(function (c) { return [times(c), percent(9900 / c)]; })));
    } else {
      p.appendChild(el('p', { text: 'Each card is drawn from a full 52-card deck (with replacement); A is lowest, K highest. A right guess multiplies what you hold by 0.99 × 13 ÷ (winning ranks): every guess returns ' + (rules.hilo.rtp * 100).toFixed(2) + ' %. Up to ' + rules.hilo.maxGuesses + ' guesses and ' + rules.hilo.maxMultiplier.toLocaleString('en-IN') + '×.' }));
      p.appendChild(table('Multiplier of one right guess', ['Card', 'Higher', 'Lower', 'Same'], rules.hilo.table.map(function (r) {
        return [r.rank, r.higher === null ? '—' : times(r.higher), r.lower === null ? '—' : times(r.lower), times(r.same)];
      })));
    }
  }

  function refreshButtons() {
    var inPlay = current && (current.state === 'open' || current.state === 'debiting');
    byId('bet').disabled = busy || !!inPlay;
    if (byId('cashout')) {
      var madeMove = game === 'mines' ? current && (current.picks || []).length : game === 'hilo' ? current && current.hilo && current.hilo.guesses.length : true;
      byId('cashout').disabled = busy || !inPlay || !madeMove;
    }
    byId('rotate').disabled = busy || !!inPlay;
    ['higher', 'lower', 'same'].forEach(function (g) {
      var b = byId('guess-' + g);
      if (b) b.disabled = busy || !inPlay || !current.hilo || !current.hilo.next || current.hilo.next[g] === null;
    });
  }

  // ---- the odds of dice and limbo (shown as the player types; the server decides) ---------

  /** Dice: the bet typed, as { direction, target, chance } in hundredths, or null. */
  function diceBet() {
    var target = toHundredths(byId('target').value, 99);
    if (target === null) return null;
    var dir = byId('direction').value;
    var chance = dir === 'under' ? target : 9999 - target;
    if (chance < rules.dice.minChance || chance > rules.dice.maxChance) return null;
    return { direction: dir, target: target, chance: chance };
  }
  function showOdds() {
    var odds = byId('odds');
    if (game === 'dice') {
      var b = diceBet();
      odds.textContent = b ? 'Win chance ' + hundredths(b.chance) + ' % · pays ' + times(Math.floor(rules.dice.multiplierNumerator / b.chance)) : 'A target whose win chance is ' + hundredths(rules.dice.minChance) + ' %–' + hundredths(rules.dice.maxChance) + ' %';
    } else if (game === 'limbo') {
      var t = toHundredths(byId('target').value, 1000000);
      odds.textContent = t !== null && t >= rules.limbo.minTargetCents && t <= rules.limbo.maxTargetCents ? 'Win chance ' + percent(9900 / t) : 'A target from ' + times(rules.limbo.minTargetCents) + ' to ' + times(rules.limbo.maxTargetCents);
    }
  }

  // ---- actions ---------------------------------------------------------------------------

  function placeBet() {
    var stake = toPaise(byId('stake').value);
    if (stake === null) return Promise.reject(new Error('Enter the stake in rupees, e.g. 10 or 10.50'));
    var body = { stake: stake };
    if (game === 'crash') {
      var auto = byId('auto').value.trim();
      if (auto) {
        var a = toHundredths(auto, 99999);
        if (a === null) return Promise.reject(new Error('Auto cash-out is a multiplier such as 2 or 1.50'));
        body.autoCashOut = a;
      }
    } else if (game === 'mines') body.mines = Number(byId('mines').value);
    else if (game === 'plinko') {
      body.rows = Number(byId('rows').value);
      body.risk = byId('risk').value;
    } else if (game === 'dice') {
      var d = diceBet();
      if (!d) return Promise.reject(new Error('Choose a target whose win chance is ' + hundredths(rules.dice.minChance) + ' % to ' + hundredths(rules.dice.maxChance) + ' %'));
      body.direction = d.direction;
      body.target = d.target;
    } else if (game === 'limbo') {
      var t = toHundredths(byId('target').value, 1000000);
      if (t === null) return Promise.reject(new Error('The target multiplier is a number such as 2 or 1.50'));
      body.target = t;
    }
    say('');
    return api('POST', '/play-api/bet', body).then(function (data) { show(data.round); });
  }

  function cashOut() {
    if (!current) return Promise.resolve();
    return api('POST', '/play-api/' + game + '/cashout', { roundId: current.roundId }).then(function (data) { show(data.round); });
  }

  function reveal(tile) {
    run(function () {
      return api('POST', '/play-api/mines/reveal', { roundId: current.roundId, tile: tile }).then(function (data) { show(data.round); });
    });
  }

  function guess(g) {
    run(function () {
      return api('POST', '/play-api/hilo/guess', { roundId: current.roundId, guess: g }).then(function (data) { show(data.round); });
    });
  }

  function rotate() {
    return api('POST', '/play-api/seeds', { clientSeed: byId('client-seed').value.trim() }).then(function (data) {
      byId('revealed').textContent = 'Previous server seed: ' + data.revealed.serverSeed + ' (hash ' + data.revealed.serverSeedHash + ')';
      say('Seeds rotated: the previous server seed is in Fairness.');
    });
  }

  // ---- drawing ---------------------------------------------------------------------------

  /** Sizes a canvas's drawing buffer to the size CSS gave it, so the picture scales with the frame. */
  function fit(canvas) {
    var w = Math.max(1, Math.round(canvas.clientWidth));
    var h = Math.max(1, Math.round(canvas.clientHeight));
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w;
      canvas.height = h;
    }
  }

  function show(round) {
    current = round;
    refreshButtons();
    if (!round) return renderIdle();
    if (game === 'crash') return renderCrash(round);
    if (game === 'mines') return renderMines(round);
    if (game === 'plinko') return renderPlinko(round);
    if (game === 'dice') return renderDice(round);
    if (game === 'limbo') return renderLimbo(round);
    return renderHilo(round);
  }

  function resultText(round) {
    if (round.state === 'rolled_back' || (round.state === 'settling' && round.note)) return 'The bet was cancelled and the stake returned.';
    if (round.payout === null) return '';
    return round.payout === '0' ? 'Lost ' + rupees(round.stake) : 'Won ' + rupees(round.payout);
  }

  /** Asks again for a round the casino is still settling. */
  function followSettling(round) {
    if (round.state === 'settling') setTimeout(function () { api('GET', '/play-api/rounds/' + round.roundId).then(function (d) { if (current && current.roundId === d.round.roundId) show(d.round); }); }, 800);
  }

  function renderIdle() {
    stage.textContent = '';
    if (game === 'mines') return renderMines(null);
    if (game === 'plinko') return renderPlinko(null);
    if (game === 'dice') return renderDice(null);
    if (game === 'limbo') return renderLimbo(null);
    if (game === 'hilo') return renderHilo(null);
    stage.appendChild(el('div', { class: 'big', id: 'multiplier', role: 'status', text: '1.00×' }));
    stage.appendChild(el('canvas', { id: 'curve', 'aria-hidden': 'true' }));
  }

  function renderCrash(round) {
    cancelAnimationFrame(animation);
    if (!byId('curve')) renderIdle();
    var label = byId('multiplier');
    var canvas = byId('curve');
    fit(canvas);
    var ctx = canvas.getContext('2d');
    var growth = rules.crash.growthPerMs;
    function draw(ms, color) {
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      var span = Math.max(8000, ms);
      var top = Math.max(2, Math.exp(growth * span));
      ctx.strokeStyle = color;
      ctx.lineWidth = 3;
      ctx.beginPath();
      for (var x = 0; x <= 100; x++) {
        var t = (ms * x) / 100;
        var px = (t / span) * canvas.width;
        var py = canvas.height - ((Math.exp(growth * t) - 1) / (top - 1)) * (canvas.height - 10);
        if (x === 0) ctx.moveTo(px, py); else ctx.lineTo(px, py);
      }
      ctx.stroke();
    }
    if (round.state === 'open' && round.startedAt) {
      var lastPoll = 0;
      var tick = function () {
        var ms = Date.now() + clockOffset - round.startedAt;
        var m = Math.floor(100 * Math.exp(growth * Math.max(0, ms)) + 1e-9);
        label.textContent = times(m);
        label.className = 'big';
        draw(ms, '#00c74d');
        if (Date.now() - lastPoll > 400) {
          lastPoll = Date.now();
          api('GET', '/play-api/rounds/' + round.roundId).then(function (data) { if (data.round.state !== 'open' && current && current.roundId === data.round.roundId) show(data.round); });
        }
        if (current && current.roundId === round.roundId && current.state === 'open') animation = requestAnimationFrame(tick);
      };
      tick();
      return;
    }
    if (round.outcome) {
      var cashed = round.resultCents > 0;
      label.textContent = cashed ? 'Cashed out at ' + times(round.resultCents) : 'Crashed at ' + times(round.outcome.crashCents);
      label.className = 'big ' + (cashed ? 'won' : 'crashed');
      draw(round.startedAt ? Math.log(round.outcome.crashCents / 100) / growth : 0, cashed ? '#7ee08a' : '#ff4d4d');
      say((cashed ? 'Crash point ' + times(round.outcome.crashCents) + '. ' : '') + resultText(round));
    } else if (round.state === 'settling') {
      label.textContent = round.resultCents > 0 ? 'Cashed out at ' + times(round.resultCents) : 'Settling…';
      say(resultText(round) || 'Settling with the casino…');
      followSettling(round);
    } else say(resultText(round));
  }

  function renderMines(round) {
    stage.textContent = '';
    var picks = round ? round.picks || [] : [];
    var mineTiles = round && round.outcome ? round.outcome.mineTiles : [];
    var open = round && round.state === 'open';
    var grid = el('div', { class: 'grid', role: 'group', 'aria-label': 'Tiles' });
    for (var t = 0; t < 25; t++) {
      (function (tile) {
        var picked = picks.indexOf(tile) >= 0;
        var mine = mineTiles.indexOf(tile) >= 0;
        var cls = picked ? (mine ? 'mine' : 'safe') : mine ? 'hidden-mine' : '';
        var b = el('button', { type: 'button', class: cls, 'aria-label': 'Tile ' + (tile + 1) + (picked ? (mine ? ', mine' : ', safe') : mine ? ', mine (not picked)' : ''), text: picked ? (mine ? '✹' : '◆') : mine ? '✹' : '' });
        b.disabled = !open || picked;
        b.addEventListener('click', function () { reveal(tile); });
        grid.appendChild(b);
      })(t);
    }
    stage.appendChild(grid);
    var info = el('p', { role: 'status', class: 'stage-line' });
    if (round && open) {
      var mines = round.params.mines;
      var k = picks.length;
      info.textContent = k === 0 ? 'Pick a tile' : 'Cash out now at ' + times(rules.mines.multipliers[mines][k - 1]) + (k < 25 - mines ? ' · next ' + times(rules.mines.multipliers[mines][k]) : '');
    } else if (round) {
      info.textContent = resultText(round);
      followSettling(round);
    } else info.textContent = 'Choose the mines and the stake, then bet';
    stage.appendChild(info);
  }

  function renderPlinko(round) {
    stage.textContent = '';
    var rowsN = round ? round.params.rows : Number(byId('rows').value);
    var riskV = round ? round.params.risk : byId('risk').value;
    var tbl = rules.plinko.tables[rowsN][riskV];
    var canvas = el('canvas', { id: 'board', 'aria-hidden': 'true' });
    stage.appendChild(canvas);
    var buckets = el('div', { class: 'buckets', role: 'list', 'aria-label': 'Buckets' });
    tbl.cents.forEach(function (c, b) { buckets.appendChild(el('span', { id: 'bucket-' + b, role: 'listitem', text: times(c).replace('.00', '') })); });
    stage.appendChild(buckets);
    var info = el('p', { role: 'status', class: 'stage-line' });
    stage.appendChild(info);
    fit(canvas);
    var ctx = canvas.getContext('2d');
    var gap = Math.min(canvas.width / (rowsN + 3), (canvas.height - 16) / rowsN);
    function pegs() {
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      ctx.fillStyle = '#b1bad3';
      for (var r = 0; r < rowsN; r++) {
        for (var p = 0; p <= r + 2; p++) {
          ctx.beginPath();
          ctx.arc(canvas.width / 2 + (p - (r + 2) / 2) * gap, 8 + r * gap, Math.max(1.5, gap / 10), 0, 7);
          ctx.fill();
        }
      }
    }
    pegs();
    if (!round || !round.outcome) {
      info.textContent = round ? resultText(round) : 'RTP of this table: ' + (tbl.rtpBp / 100).toFixed(2) + ' %';
      return;
    }
    var path = round.outcome.path;
    var step = 0;
    var rights = 0;
    function frame() {
      pegs();
      var x = canvas.width / 2 + (rights - step / 2) * gap;
      var y = 8 + step * gap;
      ctx.fillStyle = '#00c74d';
      ctx.beginPath();
      ctx.arc(x, y, Math.max(3, gap / 4), 0, 7);
      ctx.fill();
      if (step < path.length) {
        if (path[step]) rights++;
        step++;
        setTimeout(frame, 60);
      } else {
        byId('bucket-' + round.outcome.bucket).className = 'hit';
        info.textContent = times(round.outcome.cents) + ' · ' + resultText(round);
      }
    }
    frame();
  }

  function renderDice(round) {
    stage.textContent = '';
    var o = round && round.outcome;
    var bet = round ? round.params : diceBet();
    stage.appendChild(el('div', { class: 'big' + (o ? (o.cents > 0 ? ' won' : ' crashed') : ''), id: 'roll', role: 'status', text: o ? hundredths(o.roll) : '–' }));
    // The 0–100 track: the winning side in green, the roll's marker.
    var track = el('div', { class: 'track', 'aria-hidden': 'true' });
    if (bet) {
      var win = el('div', { class: 'track-win' });
      var cut = (bet.target / 100).toFixed(2) + '%';
      win.classList.add(bet.direction === 'under' ? 'from-left' : 'from-right');
      track.appendChild(win);
      // CSSOM (not a style attribute): allowed by the page's CSP.
      if (bet.direction === 'under') win.style.width = cut;
      else win.style.left = cut;
    }
    if (o) {
      var marker = el('div', { class: 'track-marker' });
      marker.style.left = (o.roll / 100).toFixed(2) + '%';
      track.appendChild(marker);
    }
    stage.appendChild(track);
    stage.appendChild(el('div', { class: 'track-scale', 'aria-hidden': 'true' }, ['0', '25', '50', '75', '100'].map(function (t) { return el('span', { text: t }); })));
    var info = el('p', { class: 'stage-line' });
    if (o) {
      info.textContent = 'Rolled ' + hundredths(o.roll) + ' · ' + (o.direction === 'under' ? 'under ' : 'over ') + hundredths(o.target) + ' · ' + resultText(round);
      say(resultText(round));
    } else if (round) {
      info.textContent = resultText(round);
      followSettling(round);
    } else info.textContent = 'Choose over or under a target, then roll';
    stage.appendChild(info);
  }

  function renderLimbo(round) {
    stage.textContent = '';
    var o = round && round.outcome;
    stage.appendChild(el('div', { class: 'big huge' + (o ? (o.cents > 0 ? ' won' : ' crashed') : ''), id: 'result', role: 'status', text: o ? times(o.resultCents) : '1.00×' }));
    var info = el('p', { class: 'stage-line' });
    if (o) {
      info.textContent = 'Target ' + times(o.target) + ' · ' + resultText(round);
      say(resultText(round));
    } else if (round) {
      info.textContent = resultText(round);
      followSettling(round);
    } else info.textContent = 'Set a target multiplier: the result must reach it';
    stage.appendChild(info);
  }

  function card(label, cls) {
    var red = /[♥♦]/.test(label);
    return el('div', { class: 'card ' + (cls || '') + (red ? ' red' : ''), text: label });
  }

  function renderHilo(round) {
    stage.textContent = '';
    var h = round && round.hilo;
    var labels = h ? h.labels : [];
    var row = el('div', { class: 'cards', role: 'list', 'aria-label': 'Cards so far' });
    labels.slice(0, -1).slice(-6).forEach(function (l) { row.appendChild(el('div', { role: 'listitem' }, [card(l, 'small')])); });
    stage.appendChild(row);
    stage.appendChild(el('div', { class: 'current', id: 'current-card', role: 'status', 'aria-label': h ? 'Card showing: ' + labels[labels.length - 1] : 'No card yet' }, [card(h ? labels[labels.length - 1] : '?', 'big-card')]));
    var open = round && round.state === 'open';
    var guesses = el('div', { class: 'actions guesses' });
    [['higher', 'Higher'], ['lower', 'Lower'], ['same', 'Same']].forEach(function (g) {
      var pay = open && h.next && h.next[g[0]] !== null ? ' ' + times(h.next[g[0]]) : '';
      guesses.appendChild(el('button', { id: 'guess-' + g[0], type: 'button', text: g[1] + pay, onclick: function () { guess(g[0]); } }));
    });
    stage.appendChild(guesses);
    var info = el('p', { class: 'stage-line' });
    if (open) info.textContent = h.guesses.length ? 'Holding ' + times(h.cents) + ' · guess again or cash out' : 'Guess the next card';
    else if (round) {
      info.textContent = resultText(round);
      if (round.payout !== null) say(resultText(round));
      followSettling(round);
    } else info.textContent = 'Bet to draw the first card';
    stage.appendChild(info);
    refreshButtons();
  }

  if (game === 'plinko') {
    ['rows', 'risk'].forEach(function (id) { byId(id).addEventListener('change', function () { renderPayTable(); if (!current || current.state !== 'open') renderPlinko(null); }); });
  }
  if (game === 'mines') byId('mines').addEventListener('change', renderPayTable);
  if (game === 'dice' || game === 'limbo') {
    ['target', 'direction'].forEach(function (id) {
      if (!byId(id)) return;
      byId(id).addEventListener('input', function () { showOdds(); if (game === 'dice' && !current) renderDice(null); });
      byId(id).addEventListener('change', function () { showOdds(); if (game === 'dice' && !current) renderDice(null); });
    });
    showOdds();
  }
  // Canvases redraw at the new size when the frame changes.
  window.addEventListener('resize', function () { if (game === 'plinko' && !current) renderPlinko(null); });

  renderPayTable();
  renderIdle();
  refreshButtons();
  api('GET', '/play-api/state').then(function (s) { if (s.open) show(s.open); }).catch(function (e) { say(e.message, true); });
})();
