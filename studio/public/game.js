/*
 * Backlay Studio's game page, in the operator's frame: talks only to the studio's play API (same
 * origin) with the page's play token. The server decides every outcome; this script draws it.
 * Amounts travel as minor-unit strings (paise) and are shown in ₹.
 */
(function () {
  'use strict';
  var root = document.getElementById('app');
  var boot = JSON.parse(root.getAttribute('data-boot'));
  var game = boot.game;
  var rules = boot.rules;
  var clockOffset = 0;
  var current = null; // the round in play
  var busy = false;
  var animation = 0;

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
  function times(cents) { return (cents / 100).toFixed(2) + '×'; }

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

  var title = { crash: 'Crash', mines: 'Mines', plinko: 'Plinko' }[game];
  var controls = [el('label', { for: 'stake', text: 'Stake (₹)' }), el('input', { id: 'stake', inputmode: 'decimal', value: '10.00', autocomplete: 'off' })];
  if (game === 'crash') {
    controls.push(el('label', { for: 'auto', text: 'Auto cash-out at (×, optional)' }), el('input', { id: 'auto', inputmode: 'decimal', placeholder: 'e.g. 2.00', autocomplete: 'off' }));
  } else if (game === 'mines') {
    var mines = el('select', { id: 'mines' });
    for (var i = 1; i <= 24; i++) mines.appendChild(el('option', { value: String(i), text: String(i) }));
    mines.value = '3';
    controls.push(el('label', { for: 'mines', text: 'Mines' }), mines);
  } else {
    var rows = el('select', { id: 'rows' });
    rules.plinko.rows.forEach(function (r) { rows.appendChild(el('option', { value: String(r), text: String(r) })); });
    var risk = el('select', { id: 'risk' });
    rules.plinko.risks.forEach(function (r) { risk.appendChild(el('option', { value: r, text: r })); });
    controls.push(el('label', { for: 'rows', text: 'Rows' }), rows, el('label', { for: 'risk', text: 'Risk' }), risk);
  }
  var betLabel = game === 'plinko' ? 'Drop ball' : 'Bet';
  controls.push(
    el('div', { class: 'actions' }, [
      el('button', { id: 'bet', type: 'button', text: betLabel, onclick: function () { run(placeBet); } }),
      game === 'plinko' ? null : el('button', { id: 'cashout', type: 'button', class: 'secondary', text: 'Cash out', onclick: function () { run(cashOut); } }),
    ]),
  );
  var rtpText = game === 'plinko' ? 'RTP per table, shown below the board' : 'RTP ' + (rules[game].rtp * 100).toFixed(2) + ' %';

  root.textContent = '';
  root.appendChild(el('header', {}, [el('h1', { text: title + ' · Backlay Studio' }), el('div', {}, [el('span', { text: 'Balance ' }), el('span', { id: 'balance', class: 'balance', 'aria-live': 'polite', text: '…' })])]));
  root.appendChild(
    el('div', { class: 'layout' }, [
      el('section', { class: 'panel', 'aria-label': 'Bet' }, controls.concat([el('p', { id: 'message', class: 'message', role: 'status' }), el('p', { text: rtpText })])),
      el('section', { class: 'panel stage', id: 'stage', 'aria-label': title }, []),
    ]),
  );
  root.appendChild(
    el('section', { class: 'panel', 'aria-label': 'Provably fair' }, [
      el('h2', { text: 'Provably fair (PF-1)' }),
      el('p', {}, [el('span', { text: 'Server seed hash: ' }), el('span', { id: 'seed-hash', class: 'mono' })]),
      el('p', {}, [el('span', { text: 'Next nonce: ' }), el('span', { id: 'nonce' })]),
      el('label', { for: 'client-seed', text: 'Client seed' }),
      el('input', { id: 'client-seed', autocomplete: 'off', maxlength: '64' }),
      el('div', { class: 'actions' }, [el('button', { id: 'rotate', type: 'button', class: 'secondary', text: 'Rotate seeds', onclick: function () { run(rotate); } })]),
      el('p', { id: 'revealed', class: 'mono' }),
      el('p', {}, [el('a', { href: '/verify', target: '_blank', rel: 'noopener', text: 'Verify a round' })]),
      el('h2', { text: 'Your last rounds' }),
      el('ul', { id: 'history', class: 'history' }),
    ]),
  );

  var stage = byId('stage');

  function refreshButtons() {
    var inPlay = current && (current.state === 'open' || current.state === 'debiting');
    byId('bet').disabled = busy || !!inPlay;
    if (byId('cashout')) byId('cashout').disabled = busy || !inPlay || (game === 'mines' && !(current.picks || []).length);
    byId('rotate').disabled = busy || !!inPlay;
  }

  // ---- actions ---------------------------------------------------------------------------

  function placeBet() {
    var stake = toPaise(byId('stake').value);
    if (stake === null) return Promise.reject(new Error('Enter the stake in rupees, e.g. 10 or 10.50'));
    var body = { stake: stake };
    if (game === 'crash') {
      var auto = byId('auto').value.trim();
      if (auto) {
        var m = /^(\d{1,5})(?:\.(\d{1,2}))?$/.exec(auto);
        if (!m) return Promise.reject(new Error('Auto cash-out is a multiplier such as 2 or 1.50'));
        body.autoCashOut = Number(m[1]) * 100 + Number(((m[2] || '') + '00').slice(0, 2));
      }
    } else if (game === 'mines') body.mines = Number(byId('mines').value);
    else {
      body.rows = Number(byId('rows').value);
      body.risk = byId('risk').value;
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

  function rotate() {
    return api('POST', '/play-api/seeds', { clientSeed: byId('client-seed').value.trim() }).then(function (data) {
      byId('revealed').textContent = 'Previous server seed: ' + data.revealed.serverSeed + ' (hash ' + data.revealed.serverSeedHash + ')';
      say('Seeds rotated: the previous server seed is revealed above.');
    });
  }

  // ---- drawing ---------------------------------------------------------------------------

  function show(round) {
    current = round;
    refreshButtons();
    if (!round) return renderIdle();
    if (game === 'crash') return renderCrash(round);
    if (game === 'mines') return renderMines(round);
    return renderPlinko(round);
  }

  function resultText(round) {
    if (round.state === 'rolled_back' || (round.state === 'settling' && round.note)) return 'The bet was cancelled and the stake returned.';
    if (round.payout === null) return '';
    return round.payout === '0' ? 'Lost ' + rupees(round.stake) : 'Won ' + rupees(round.payout);
  }

  function renderIdle() {
    stage.textContent = '';
    if (game === 'mines') return renderMines(null);
    if (game === 'plinko') return renderPlinko(null);
    stage.appendChild(el('div', { class: 'big', id: 'multiplier', role: 'status', text: '1.00×' }));
    stage.appendChild(el('canvas', { id: 'curve', width: '560', height: '200', 'aria-hidden': 'true' }));
  }

  function renderCrash(round) {
    cancelAnimationFrame(animation);
    if (!byId('curve')) renderIdle();
    var label = byId('multiplier');
    var canvas = byId('curve');
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
      setTimeout(function () { api('GET', '/play-api/rounds/' + round.roundId).then(function (d) { show(d.round); }); }, 800);
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
    var info = el('p', { role: 'status' });
    if (round && open) {
      var mines = round.params.mines;
      var k = picks.length;
      info.textContent = k === 0 ? 'Pick a tile' : 'Cash out now at ' + times(rules.mines.multipliers[mines][k - 1]) + (k < 25 - mines ? ' · next ' + times(rules.mines.multipliers[mines][k]) : '');
    } else if (round) {
      info.textContent = resultText(round);
      if (round.state === 'settling') setTimeout(function () { api('GET', '/play-api/rounds/' + round.roundId).then(function (d) { show(d.round); }); }, 800);
    } else info.textContent = 'Choose the mines and the stake, then bet';
    stage.appendChild(info);
  }

  function renderPlinko(round) {
    stage.textContent = '';
    var rowsN = round ? round.params.rows : Number(byId('rows').value);
    var riskV = round ? round.params.risk : byId('risk').value;
    var table = rules.plinko.tables[rowsN][riskV];
    var canvas = el('canvas', { id: 'board', width: '560', height: '220', 'aria-hidden': 'true' });
    stage.appendChild(canvas);
    var buckets = el('div', { class: 'buckets', 'aria-label': 'Pay table' });
    table.cents.forEach(function (c, b) { buckets.appendChild(el('span', { id: 'bucket-' + b, text: times(c) })); });
    stage.appendChild(buckets);
    stage.appendChild(el('p', { text: 'RTP of this table: ' + (table.rtpBp / 100).toFixed(2) + ' %' }));
    var info = el('p', { role: 'status' });
    stage.appendChild(info);
    var ctx = canvas.getContext('2d');
    function pegs() {
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      ctx.fillStyle = '#b1bad3';
      for (var r = 0; r < rowsN; r++) {
        for (var p = 0; p <= r + 2; p++) {
          ctx.beginPath();
          ctx.arc(canvas.width / 2 + (p - (r + 2) / 2) * (canvas.width / (rowsN + 3)), 10 + (r * (canvas.height - 20)) / rowsN, 2, 0, 7);
          ctx.fill();
        }
      }
    }
    pegs();
    if (!round || !round.outcome) {
      if (round) info.textContent = resultText(round);
      return;
    }
    var path = round.outcome.path;
    var step = 0;
    var rights = 0;
    function frame() {
      pegs();
      var x = canvas.width / 2 + (rights - step / 2) * (canvas.width / (rowsN + 3));
      var y = 10 + (step * (canvas.height - 20)) / rowsN;
      ctx.fillStyle = '#00c74d';
      ctx.beginPath();
      ctx.arc(x, y, 6, 0, 7);
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

  if (game === 'plinko') {
    byId('rows').addEventListener('change', function () { if (!current) renderPlinko(null); });
    byId('risk').addEventListener('change', function () { if (!current) renderPlinko(null); });
  }

  renderIdle();
  refreshButtons();
  api('GET', '/play-api/state').then(function (s) { if (s.open) show(s.open); }).catch(function (e) { say(e.message, true); });
})();
