import { buildFancy } from '@backlay/shared/testing';
import { formatSize, matchPhase, openMatches, splitFancies } from './format';

describe('sports formatting', () => {
  it.each([
    [0, '0'],
    [999.6, '1000'],
    [1_250, '1.2K'],
    [99_999, '99.9K'],
    [125_000, '1.2L'],
    [2_500_000, '25L'],
  ])('size %d reads %s', (size, shown) => {
    expect(formatSize(size)).toBe(shown);
  });
});

describe('match phase and what the player lists show', () => {
  it.each([
    [{ status: 'upcoming', inPlay: false }, undefined, 'upcoming'],
    [{ status: 'inplay', inPlay: true }, undefined, 'inplay'],
    [{ status: 'inplay', inPlay: true }, false, 'upcoming'],
    [{ status: 'upcoming', inPlay: false }, true, 'inplay'],
    // A closed match is finished even when its in-play flag or its last score still say in play.
    [{ status: 'closed', inPlay: true }, undefined, 'finished'],
    [{ status: 'closed', inPlay: false }, true, 'finished'],
    [{ status: 'closed', inPlay: false }, undefined, 'finished'],
  ] as const)('%j with live in-play %s is %s', (match, live, phase) => {
    expect(matchPhase(match, live)).toBe(phase);
  });

  it('leaves finished (closed) matches out of the lists and keeps the order of the rest', () => {
    const matches = [
      { _id: 'a', status: 'inplay' as const },
      { _id: 'b', status: 'closed' as const },
      { _id: 'c', status: 'upcoming' as const },
      { _id: 'd', status: 'closed' as const },
    ];
    expect(openMatches(matches).map((m) => m._id)).toEqual(['a', 'c']);
    expect(openMatches([])).toEqual([]);
  });

  it('splits fancy sessions into open (suspended and ball running included) and closed', () => {
    const fancies = [
      buildFancy('f1'),
      buildFancy('f2', { status: 'closed', result: 47 }),
      buildFancy('f3', { status: 'suspended' }),
      buildFancy('f4', { status: 'ball_running' }),
      buildFancy('f5', { status: 'closed' }),
    ];
    const { open, closed } = splitFancies(fancies);
    expect(open.map((f) => f.fancyId)).toEqual(['f1', 'f3', 'f4']);
    expect(closed.map((f) => f.fancyId)).toEqual(['f2', 'f5']);
  });
});
