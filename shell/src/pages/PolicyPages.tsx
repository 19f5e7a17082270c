import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '@backlay/shared/contracts';
import { SiteBrand, SupportContact } from '../site/SiteBrand';

/** A public page of rules in the authentication layout, readable signed out. */
function PolicyPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="bl-auth">
      <article className="bl-auth__card bl-doc" aria-labelledby="policy-title">
        <SiteBrand className="bl-auth__brand" />
        <h1 id="policy-title">{title}</h1>
        {children}
        <footer className="bl-auth__footer">
          <Link to={ROUTES.login.path}>Login</Link>
          <Link to={ROUTES.register.path}>Register</Link>
          <Link to={ROUTES.termsAndConditions.path}>Terms and conditions</Link>
          <Link to={ROUTES.responsibleGaming.path}>Responsible gaming</Link>
          <SupportContact />
        </footer>
      </article>
    </div>
  );
}

/** /terms-and-conditions: the product's rules in brief. */
export function TermsPage() {
  return (
    <PolicyPage title="Terms and conditions">
      <p>
        These terms apply to every account on Backlay, the betting exchange and live casino. By registering or signing in you
        accept them. You must be 18 or older and allowed to bet where you live.
      </p>
      <h2>Your account</h2>
      <ul>
        <li>One account per person. Keep your password and transaction password to yourself; bets and requests made with them are yours.</li>
        <li>Each account belongs to an agent, who may lock it, lock its betting, and approve its deposits and withdrawals.</li>
        <li>Only one session is live at a time: signing in elsewhere ends the other one.</li>
      </ul>
      <h2>Bets</h2>
      <ul>
        <li>A bet is accepted only after the market&apos;s bet delay, at the price you asked or better, within the market&apos;s stake limits, and only if your available balance (balance less exposure) covers your worst case in the market.</li>
        <li>Back bets win when the selection wins; lay bets win when it does not. Fancy bets settle on the declared run total (Yes at or above the line, No below it).</li>
        <li>An accepted bet cannot be cancelled by you.</li>
      </ul>
      <h2>Settlement and voids</h2>
      <ul>
        <li>Markets settle on the result declared by the operator or confirmed from the data feed. A settlement found to be wrong is rolled back and settled again; every change is a new ledger entry, so your statement shows both.</li>
        <li>A market or bet may be voided (for example an abandoned match, a wrong price, or a bet placed after the event was known). A void returns the stake and releases the exposure; nothing is deleted.</li>
        <li>Commission, where it applies, is charged on your net win in a market, never on a loss.</li>
      </ul>
      <h2>Live casino</h2>
      <ul>
        <li>Each table deals rounds on a timer. Bets close when the countdown ends; a switched-off table voids its open round and refunds every bet.</li>
        <li>Results are provably fair: every round is drawn from a seed chain committed before play, and its seed is revealed after the round, so you can recompute any settled round with &quot;Verify&quot;. Each table&apos;s rules show every payout and its return to player.</li>
      </ul>
      <h2>Demo chips</h2>
      <p>
        In demo mode accounts play with demo chips only. Demo chips have no cash value, cannot be withdrawn as money, and may be
        reset at any time.
      </p>
    </PolicyPage>
  );
}

/** /responsible-gaming: the platform's responsible-gambling tools and where to get help. */
export function ResponsibleGamingPage() {
  return (
    <PolicyPage title="Responsible gaming">
      <p>
        Betting should stay entertainment. Only bet money you can afford to lose, never chase losses, and take breaks. If betting
        stops being fun, stop and use the tools below.
      </p>
      <h2>The platform&apos;s tools</h2>
      <p>
        Set them yourself, signed in, at <Link to={ROUTES.responsibleGambling.path}>Responsible gambling settings</Link>. They are
        checked by the server on every bet, casino bet and deposit.
      </p>
      <ul>
        <li>
          <strong>Limits</strong>: caps on how much you deposit or lose in a day, a week or a month, and on the stake of one bet. A
          lower limit applies at once; a higher one, or removing one, only after 24 hours.
        </li>
        <li>
          <strong>Reality check</strong>: a reminder every so many minutes of play with your session time and your net result.
        </li>
        <li>
          <strong>Time-out</strong>: a break from betting, the casino and deposits for a period you choose, from 24 hours to six
          weeks. You can still sign in to withdraw and read your statements.
        </li>
        <li>
          <strong>Self-exclusion</strong>: the same for six months to five years. Neither can be undone before it ends, by you or
          by your agent.
        </li>
      </ul>
      <h2>Warning signs</h2>
      <ul>
        <li>Betting more than you planned, or to win back losses.</li>
        <li>Borrowing, or using money meant for bills, to bet.</li>
        <li>Hiding your betting from family or friends, or feeling anxious when you are not betting.</li>
      </ul>
      <h2>Help</h2>
      <p>
        Talk to someone you trust, or to a counsellor. A time-out or self-exclusion starts at once from your settings. Under-18s
        may not use Backlay.
      </p>
    </PolicyPage>
  );
}
