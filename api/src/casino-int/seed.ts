/**
 * The demo provider: Backlay Studio (docs/adr/0021) with crash, mines, plinko, dice, limbo and
 * hilo, registered from STUDIO_URL / STUDIO_PARTNER_ID / STUDIO_SECRET at start. Idempotent: an existing provider keeps
 * its row; the configured secret is added as an active secret when it is not one already (so a
 * restart with a new demo secret still verifies). Each game carries its real maximum payout
 * multiplier (STUDIO_MAX_MULTIPLIERS), set again at every start. sport_betting (our exchange) is
 * in migration 0028.
 */
import { STUDIO_MAX_MULTIPLIERS } from '@backlay/shared/casino';
import { STUDIO_PROVIDER } from '@backlay/shared/contracts';
import type { Database } from '../db/database';
import * as repo from './registry.repository';

export const STUDIO_GAMES = [
  { code: 'crash', name: 'Crash', subCategory: 'crash' },
  { code: 'mines', name: 'Mines', subCategory: 'mines' },
  { code: 'plinko', name: 'Plinko', subCategory: 'plinko' },
  { code: 'dice', name: 'Dice', subCategory: 'dice' },
  { code: 'limbo', name: 'Limbo', subCategory: 'limbo' },
  { code: 'hilo', name: 'HiLo', subCategory: 'hilo' },
] as const;

export async function seedStudioProvider(db: Database, studio: { url: string; partnerId: string; secret: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await repo.insertProvider(tx, {
      id: STUDIO_PROVIDER,
      name: 'Backlay Studio',
      partnerId: studio.partnerId,
      launchUrl: studio.url,
      currencies: ['INR'],
      seamless: true,
      sortOrder: 1,
    });
    await repo.setProviderLaunchUrl(tx, STUDIO_PROVIDER, studio.url);
    const secrets = await repo.activeSecrets(tx, STUDIO_PROVIDER);
    if (!secrets.some((s) => s.secret === studio.secret)) {
      // Keep at most one older secret active beside the configured one (a restart rotates it).
      for (const old of secrets.slice(1)) await repo.retireSecret(tx, STUDIO_PROVIDER, old.id);
      await repo.insertSecret(tx, STUDIO_PROVIDER, studio.secret);
    }
    for (const [i, game] of STUDIO_GAMES.entries()) {
      await repo.insertGame(tx, {
        providerId: STUDIO_PROVIDER,
        code: game.code,
        name: game.name,
        image: `/api/casino-int/images/${game.code}.svg`,
        category: 'originals',
        subCategory: game.subCategory,
        sortOrder: i + 1,
        maxMultiplier: STUDIO_MAX_MULTIPLIERS[game.code],
      });
      await repo.setGameMaxMultiplier(tx, STUDIO_PROVIDER, game.code, STUDIO_MAX_MULTIPLIERS[game.code]);
    }
  });
}
