import type { MarketType } from '@backlay/shared';

/** One titled group of rules. */
export interface RulesBlock {
  heading: string;
  items: string[];
}

/** The rules of one market type: the /rules page shows every one, a market's pop-up its own. */
export interface MarketRules {
  type: MarketType;
  title: string;
  summary: string;
  blocks: RulesBlock[];
}

/** Rules that hold for every market; each market type's rules add to them. */
export const GENERAL_RULES: RulesBlock = {
  heading: 'All markets',
  items: [
    'A bet is accepted only after its market\'s bet delay (shown on the market as "Delay") has passed with the market still open and the price the same or better for you; otherwise it is rejected and no money moves.',
    'Stakes must be within the minimum and maximum shown on the market, and a single bet may not win more than the market\'s maximum profit.',
    'Your available balance is your balance minus your exposure: the worst loss your open bets in each market can make, added across markets. A bet that would push your exposure above your balance is rejected; a bet that lowers your worst loss in a market is always allowed.',
    'Markets are suspended while the result may be about to change (a wicket, a goal, a review, a break in the feed). Bets cannot be placed on a suspended market; bets already accepted stand.',
    'Bets placed at a price or line that was obviously wrong (a feed error, or a price offered after the event it depends on had already happened) are void.',
    'If a match is abandoned, cancelled or not completed, every market whose result has not been decided is void and stakes are returned. Markets already decided are settled.',
    'Results are taken from the official result of the governing body at the end of the match; changes made after settlement are not taken into account.',
  ],
};

/** The rules of each market type, in the order the odds page shows the markets. */
export const MARKET_RULES: readonly MarketRules[] = [
  {
    type: 'match_odds',
    title: 'Match odds',
    summary: 'Who wins the match. Back a team to win at the decimal odds shown, or lay it (bet that it will not win).',
    blocks: [
      {
        heading: 'Settlement',
        items: [
          'Settled on the official winner of the match, including a super over, a penalty shoot-out or a tie-break where the competition uses one to decide the winner.',
          'A winning back of stake S at odds O returns S × (O − 1) profit; a losing back loses S. A lay of stake S at odds O loses S × (O − 1) if the team wins and wins S otherwise.',
          'Soccer match odds have three outcomes (home, draw, away) and are settled on the result after 90 minutes plus stoppage time; extra time and penalties do not count.',
          'A cricket match that ends in a tie with no super over is void for match odds: all match odds bets are returned.',
        ],
      },
      {
        heading: 'Void and suspension',
        items: [
          'Cricket: if fewer overs are bowled than the competition requires for a result (for example rain with no result), match odds are void.',
          'Tennis: if a player retires or is disqualified after the first ball, the player who progresses is the winner; if the match does not start, bets are void.',
          'The market is suspended at every wicket, goal, penalty award, review and red card, and whenever the live feed is interrupted.',
        ],
      },
    ],
  },
  {
    type: 'bookmaker',
    title: 'Bookmaker',
    summary: 'Who wins the match, priced by the house as a rate in paise per rupee: a rate of 85 pays ₹85 profit on a ₹100 back.',
    blocks: [
      {
        heading: 'Settlement',
        items: [
          'Settled on the same official winner as match odds, under the same tie, abandonment and extra-time rules.',
          'A back of stake S at rate R wins S × R / 100 and loses S. A lay of stake S at rate R loses S × R / 100 and wins S.',
          'Bookmaker bets are matched by the house at the displayed rate only; there is no queue of unmatched bets.',
        ],
      },
      {
        heading: 'Void and suspension',
        items: [
          'The market is suspended while a ball is being bowled ("Ball running") and at every wicket, review or interruption.',
          'A bet accepted at a rate that was not on offer at the moment of acceptance (a delayed feed) is void.',
        ],
      },
    ],
  },
  {
    type: 'fancy',
    title: 'Fancy / session',
    summary: 'Runs (or wickets) in a span of the match. "Yes" bets the total reaches the Yes line; "No" bets it stays below the No line.',
    blocks: [
      {
        heading: 'Settlement',
        items: [
          'A Yes bet at line L and rate R wins S × R / 100 when the result is L or more, and loses S otherwise.',
          'A No bet at line L and rate R wins S when the result is below L, and loses S × R / 100 otherwise.',
          'Sessions are settled on the runs scored in the stated overs of the stated innings as shown on the official scorecard, including extras; penalty runs count only when they are added during that span.',
          'All fancy bets stand if the match is tied: sessions are settled on the runs actually scored.',
        ],
      },
      {
        heading: 'Void and suspension',
        items: [
          'If the stated span is not completed because the innings ends (all out or target reached), the session is settled on the runs scored; if it is not completed because of rain or bad light and the match is curtailed, the session is void.',
          'A session whose overs are reduced before it starts is void.',
          'Sessions are suspended while a ball is being bowled ("Ball running"), at every wicket and review, and whenever the line is being moved; only the line and rate on screen when the bet is accepted count.',
          'Bets placed after the span has started at a line that had already been passed are void.',
        ],
      },
    ],
  },
  {
    type: 'over_under',
    title: 'Over / under',
    summary: 'Whether the total goals (or runs) of the match end over or under the line in the market name, for example Over/Under 2.5 goals.',
    blocks: [
      {
        heading: 'Settlement',
        items: [
          'Settled on the total at the end of normal time (soccer: 90 minutes plus stoppage time; extra time and penalty shoot-outs do not count).',
          'Lines end in .5, so a total is always over or under; back and lay work as in match odds, at decimal odds.',
          'Own goals count for the side credited with the goal.',
        ],
      },
      {
        heading: 'Void and suspension',
        items: [
          'If the match is abandoned before the end of normal time, bets are void unless the line has already been passed (an Over bet is then a winner and an Under bet a loser).',
          'The market is suspended at every goal, penalty award and video review.',
        ],
      },
    ],
  },
];

/** The rules of one market type. */
export function rulesFor(type: MarketType): MarketRules {
  const rules = MARKET_RULES.find((r) => r.type === type);
  if (!rules) throw new Error(`no rules for market type ${type}`);
  return rules;
}
