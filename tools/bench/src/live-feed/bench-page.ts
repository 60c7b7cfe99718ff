// Runs inside Chromium (bundled by esbuild): renders the live list with one renderer and feeds it 5,000 changes
// per second in 50 ms batches, recording every animation frame's time and the long tasks. Every renderer receives
// the same wire text the server's push channel sends (feature-live README, "Off-screen blocks hold their updates") and parses it itself.
import { createElement, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { seededRandom } from '../drills/malformed';
import { mountPlatformList } from './platform-list';
import { changeBatch, deltaMessage, initialGames, OUTCOME_CODES, type BenchGame, type WireDelta } from './stream';

interface BenchParams {
  renderer: 'vanilla' | 'react' | 'platform';
  games: number;
  changesPerSecond: number;
  seconds: number;
  /** Pixels scrolled per animation frame during the stream (0: the page stays at the top). */
  scrollPerFrame: number;
}

interface BenchResult {
  frames: number[];
  longTasks: number[];
  applied: number;
}

type Listener = (text: string) => void;

/**
 * Delivers changes every 50 ms; a late timer delivers everything due since the last batch, as a socket's buffer
 * would, so the offered load stays 5,000 changes per second however busy the main thread is.
 */
function startStream(
  params: BenchParams,
  games: BenchGame[],
  listener: Listener,
  onBatch: (changes: number) => void,
  onEnd: () => void,
): void {
  const random = seededRandom(42);
  const prices = games.map((g) => [...g.odds]);
  const started = performance.now();
  const end = started + params.seconds * 1000;
  let delivered = 0;
  // seq 1 was the channel's hello; versions continue from the seed's.
  let seq = 1;
  const timer = setInterval(() => {
    const now = Math.min(performance.now(), end);
    const due = Math.floor(((now - started) / 1000) * params.changesPerSecond) - delivered;
    if (due > 0) {
      delivered += due;
      seq++;
      const text = deltaMessage(games, prices, changeBatch(params.games, due, random), seq, SEED_VERSION + seq);
      onBatch(due);
      listener(text);
    }
    if (now >= end) {
      clearInterval(timer);
      onEnd();
    }
  }, 50);
}

/** The practical lower bound: DOM built once, each change writes one text node. */
function vanilla(root: HTMLElement, games: BenchGame[]): Listener {
  const cells: Text[][] = [];
  const list = document.createElement('ul');
  for (const g of games) {
    const li = document.createElement('li');
    li.append(g.name);
    const row: Text[] = [];
    for (const o of g.odds) {
      const span = document.createElement('span');
      const text = document.createTextNode(o.toFixed(2));
      span.append(text);
      li.append(' ', span);
      row.push(text);
    }
    cells.push(row);
    list.append(li);
  }
  root.append(list);
  const byOutcome = new Map<string, Text>();
  games.forEach((g, i) =>
    OUTCOME_CODES.forEach((code, o) => byOutcome.set(`${g.id}:1x2:${code}`, cells[i]?.[o] as Text)),
  );
  return (text) => {
    const message = JSON.parse(text) as WireDelta;
    for (const c of message.changes) {
      const cell = byOutcome.get(c.outcomeId);
      if (cell) cell.data = c.new.toFixed(2);
    }
  };
}

/** The plain React list: every batch makes a new array and the whole list re-renders (no memo, no virtualisation). */
function react(root: HTMLElement, games: BenchGame[]): Listener {
  let push: Listener = () => undefined;
  const indexOf = new Map(games.map((g, i) => [g.id, i]));
  function List() {
    const [rows, setRows] = useState(games);
    useEffect(() => {
      push = (text) => {
        const message = JSON.parse(text) as WireDelta;
        setRows((prev) => {
          const next = prev.slice();
          for (const c of message.changes) {
            const i = indexOf.get(c.gameId);
            const g = i === undefined ? undefined : next[i];
            if (i === undefined || !g) continue;
            const odds = g.odds.slice() as BenchGame['odds'];
            odds[
              OUTCOME_CODES.indexOf(
                c.outcomeId.slice(c.outcomeId.lastIndexOf(':') + 1) as (typeof OUTCOME_CODES)[number],
              )
            ] = c.new;
            next[i] = { ...g, odds };
          }
          return next;
        });
      };
    }, []);
    return createElement(
      'ul',
      null,
      rows.map((g) =>
        createElement(
          'li',
          { key: g.id },
          g.name,
          ...g.odds.map((o, i) => createElement('span', { key: i }, ' ', o.toFixed(2))),
        ),
      ),
    );
  }
  flushSync(() => createRoot(root).render(createElement(List)));
  return (text) => push(text);
}

/** Read-model version of the seed answer; deltas continue from it. */
const SEED_VERSION = 1000;

let prepared: { params: BenchParams; games: BenchGame[]; apply: Listener } | undefined;

/** Renders the initial list; the harness waits for it to paint before it starts the clock. */
function setup(params: BenchParams): Promise<void> {
  const root = document.getElementById('root') as HTMLElement;
  const games = initialGames(params.games);
  const apply =
    params.renderer === 'vanilla'
      ? vanilla(root, games)
      : params.renderer === 'react'
        ? react(root, games)
        : mountPlatformList(root, games, SEED_VERSION);
  prepared = { params, games, apply };
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300))));
}

/** Streams the changes into the prepared list and records frames and long tasks. */
function stream(): Promise<BenchResult> {
  if (!prepared) throw new Error('setup() first');
  const { params, games, apply } = prepared;
  const frames: number[] = [];
  const longTasks: number[] = [];
  new PerformanceObserver((list) => list.getEntries().forEach((e) => longTasks.push(e.duration))).observe({
    type: 'longtask',
  });
  let applied = 0;
  let running = true;
  let last = performance.now();
  const frame = (t: number): void => {
    frames.push(t - last);
    last = t;
    // A visitor reading down the list: rows keep entering the screen while prices move.
    if (params.scrollPerFrame > 0) window.scrollBy(0, params.scrollPerFrame);
    if (running) requestAnimationFrame(frame);
  };
  requestAnimationFrame((t) => {
    last = t;
    requestAnimationFrame(frame);
  });
  return new Promise((resolve) =>
    startStream(
      params,
      games,
      apply,
      (changes) => {
        applied += changes;
      },
      () => {
        running = false;
        resolve({ frames, longTasks, applied });
      },
    ),
  );
}

Object.assign(window, { __liveSetup: setup, __liveStream: stream });
