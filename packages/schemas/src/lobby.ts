/**
 * Requests and answers of the lobby (/gamehomepage; docs/api/lobby.md): the home-page
 * game entries (configs, §3: game tag, category, name, icon, init value, rank, platform, pay
 * limit, packages), the categories, a package's own lobby (packagename), the preview and the
 * platform call. Money in centavos; every body strict (no extra keys, no coercion).
 */
import { z } from 'zod';
import { text } from './text';

export const LOBBY_PLATFORMS = ['all', 'android', 'ios', 'web'] as const;
export type LobbyPlatform = (typeof LOBBY_PLATFORMS)[number];
/** The platform a client app reports (the call's `platform`): every entry is `all` or one of these. */
export const LOBBY_PLAYER_PLATFORMS = ['android', 'ios', 'web'] as const;
/**
 * The provider of the house games (@console/games); third-party providers have codes of their
 * own. That a house tag is one of the games' ids is checked by the server (`houseGameRule`),
 * so that this package (loaded by every web page) does not pull in the games' rules.
 */
export const LOBBY_HOUSE_PROVIDER = 'house';
const MAX_AMOUNT = 1_000_000_000_000;

const whole = (min: number, max: number) =>
  z
    .number({ message: 'Must be a number' })
    .refine((n) => Number.isInteger(n), { message: 'Must be an integer', abort: true })
    .refine((n) => n >= min, { message: `Must be at least ${min}`, abort: true })
    .refine((n) => n <= max, { message: `Must be at most ${max}` });
const flag = z.boolean({ message: 'Must be true or false' });
const name = text(64).min(1, { message: 'Required' });
/** An icon: a URL or a short name the client app maps (at most 512 characters). */
const icon = text(512);
const order = whole(0, 1_000_000);

/** A category code: letters, digits, `_`, `-`, `.`. */
export const lobbyCategoryCode = z
  .string({ message: 'Must be a string' })
  .min(1, { message: 'Required' })
  .max(64, { message: 'Over 64 characters' })
  .regex(/^[A-Za-z0-9_.-]+$/, { message: 'Only letters, digits, _, - and . are allowed' });
/** A game tag: a house game id, or `<provider>.<game>` in lower case. */
export const lobbyGameTag = z
  .string({ message: 'Must be a string' })
  .min(1, { message: 'Required' })
  .max(64, { message: 'Over 64 characters' })
  .regex(/^[a-z0-9_.-]+$/, { message: 'Only lower-case letters, digits, _, - and . are allowed' });
export const lobbyProvider = z.string({ message: 'Must be a string' }).regex(/^[a-z0-9]{1,16}$/, { message: 'Lower-case letters and digits, 1 to 16' });
const lobbyPackageCode = z
  .string({ message: 'Must be a string' })
  .min(1, { message: 'Required' })
  .max(128, { message: 'Over 128 characters' })
  .regex(/^[A-Za-z0-9_.-]+$/, { message: 'Only letters, digits, _, - and . are allowed' });
/** A list of codes without repeats. */
const codeList = <T extends z.ZodType<string>>(item: T, max: number) =>
  z
    .array(item, { message: 'Must be a list' })
    .max(max, { message: `At most ${max} items` })
    .refine((list) => new Set(list).size === list.length, { message: 'Lists an item twice' });

// ---------------------------------------------------------------- category

export const lobbyCategoryBody = z.strictObject({
  code: lobbyCategoryCode,
  nameEn: name,
  nameZh: name,
  icon,
  sortOrder: order,
  visible: flag,
});
export type LobbyCategoryBody = z.infer<typeof lobbyCategoryBody>;
export const lobbyCategory = lobbyCategoryBody.extend({ id: z.number().int(), games: z.number().int(), updatedAt: z.string() });
export type LobbyCategory = z.infer<typeof lobbyCategory>;
export const lobbyCategoryRef = z.strictObject({ code: lobbyCategoryCode });

// ---------------------------------------------------------------- configs (home-page game entries)

export const lobbyGameBody = z
  .strictObject({
    tag: lobbyGameTag,
    /** `house` for the games of @console/games; a third-party provider's code otherwise. */
    provider: lobbyProvider,
    category: lobbyCategoryCode,
    nameEn: name,
    nameZh: name,
    icon,
    /** The figure the tile's ticker starts from (jackpot or prize pool), centavos; 0: none. */
    initValue: whole(0, MAX_AMOUNT),
    /** Order within the category, ascending (where a package sets no order of its own). */
    rank: order,
    platform: z.enum(LOBBY_PLATFORMS, { message: 'Must be all, android, ios or web' }),
    /** Minimum total of the player's paid recharges to see it, centavos; 0: everyone. */
    payLimit: whole(0, MAX_AMOUNT),
    visible: flag,
    /** The app packages whose lobby shows it. */
    packages: codeList(lobbyPackageCode, 500),
  })
  .superRefine((g, ctx) => {
    if (typeof g.tag !== 'string' || typeof g.provider !== 'string') return;
    if (g.provider === LOBBY_HOUSE_PROVIDER) {
      if (g.tag.includes('.')) ctx.addIssue({ code: 'custom', path: ['tag'], message: "A house game's tag is its game id" });
    } else if (!g.tag.startsWith(`${g.provider}.`) || g.tag.length === g.provider.length + 1) {
      ctx.addIssue({ code: 'custom', path: ['tag'], message: `A ${g.provider} game's tag is ${g.provider}.<game>` });
    }
  });
export type LobbyGameBody = z.infer<typeof lobbyGameBody>;
export const lobbyGame = z.object({
  id: z.number().int(),
  tag: z.string(),
  provider: z.string(),
  category: z.string(),
  nameEn: z.string(),
  nameZh: z.string(),
  icon: z.string(),
  initValue: z.number(),
  rank: z.number(),
  platform: z.enum(LOBBY_PLATFORMS),
  payLimit: z.number(),
  visible: z.boolean(),
  packages: z.array(z.string()),
  updatedAt: z.string(),
});
export type LobbyGame = z.infer<typeof lobbyGame>;
export const lobbyGameRef = z.strictObject({ tag: lobbyGameTag });

// ---------------------------------------------------------------- packagename (a package's lobby)

export const lobbyLayoutBody = z.strictObject({
  package: lobbyPackageCode,
  /** true: the categories and games below in this order; false: every visible category by its order, games by rank. */
  custom: flag,
  /** The categories the lobby shows, in order (custom only). */
  categories: codeList(lobbyCategoryCode, 200),
  /** The games the package shows (every one, whatever `custom`), in order within each category when custom. */
  games: codeList(lobbyGameTag, 1000),
});
export type LobbyLayoutBody = z.infer<typeof lobbyLayoutBody>;
/** A package's lobby as stored and versioned (its partner from packageControl, read-only here). */
export type LobbyLayoutDoc = LobbyLayoutBody & { partner: number };
export const lobbyLayoutDoc = lobbyLayoutBody.extend({ partner: whole(0, 2_147_483_647) });
export const lobbyPackage = z.object({
  id: z.number().int(),
  package: z.string(),
  name: z.string(),
  partner: z.number(),
  custom: z.boolean(),
  categories: z.array(z.string()),
  games: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type LobbyPackage = z.infer<typeof lobbyPackage>;

// ---------------------------------------------------------------- the lobby (platform call and preview)

const queryWhole = (max: number) =>
  z
    .string()
    .regex(/^\d{1,13}$/, { message: 'Must be a whole number' })
    .transform(Number)
    .pipe(z.number().max(max, { message: `Must be at most ${max}` }));

export const platformLobbyQuery = z.strictObject({
  package: lobbyPackageCode,
  /** With platform: the player's games only (their platform, and the pay limits their recharges reach). */
  uid: queryWhole(2_147_483_647)
    .pipe(z.number().min(1, { message: 'Must be at least 1' }))
    .optional(),
  platform: z.enum(LOBBY_PLAYER_PLATFORMS, { message: 'Must be android, ios or web' }).optional(),
});
export const lobbyPreviewQuery = z.strictObject({
  package: lobbyPackageCode,
  platform: z.enum(LOBBY_PLAYER_PLATFORMS, { message: 'Must be android, ios or web' }).optional(),
  /** A player's paid recharges (centavos) to preview the pay limits with. */
  paid: queryWhole(MAX_AMOUNT).optional(),
});

export const lobbyTile = z.object({
  tag: z.string(),
  provider: z.string(),
  name: z.object({ en: z.string(), zh: z.string() }),
  icon: z.string(),
  initValue: z.number(),
  platform: z.enum(LOBBY_PLATFORMS),
  payLimit: z.number(),
});
export type LobbyTile = z.infer<typeof lobbyTile>;
export const lobbyView = z.object({
  package: z.string(),
  /** Changes exactly when the answer does (also the ETag). */
  version: z.string(),
  categories: z.array(
    z.object({
      code: z.string(),
      name: z.object({ en: z.string(), zh: z.string() }),
      icon: z.string(),
      games: z.array(lobbyTile),
    }),
  ),
});
export type LobbyView = z.infer<typeof lobbyView>;
