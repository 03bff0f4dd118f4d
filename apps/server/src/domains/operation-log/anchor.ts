/**
 * Anchors of the operation log's chain outside the database (decision
 * 047). The hash chain shows an edit of a record, but someone holding the owner's credentials
 * could rewrite a record and every hash after it. An anchor is the chain's head (record id and
 * hash, and when) written somewhere the database's owner cannot reach: the server appends one to
 * AUDIT_ANCHOR_FILE (a line of JSON; point it at write-once or another host's storage) and to its
 * log every AUDIT_ANCHOR_MINUTES when the head moved. `npm run audit:verify -- --anchors <file>`
 * then checks that every anchored record still holds the anchored hash: a rewritten chain no
 * longer does, however consistent it is within itself.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import type { Db } from '../../db/open';

export interface Anchor {
  id: number;
  hash: string;
  at: string;
}

export async function chainHead(db: Db, now: Date): Promise<Anchor> {
  const head = await db.selectFrom('operation_log_head').select(['last_id', 'last_hash']).where('id', '=', 1).executeTakeFirstOrThrow();
  return { id: head.last_id, hash: head.last_hash, at: now.toISOString() };
}

/** The anchors of a file, oldest first; a line that is not an anchor is an error naming its number. */
export function readAnchors(file: string): Anchor[] {
  if (!existsSync(file)) throw new Error(`no anchor file ${file}`);
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, i) => {
      if (line.trim() === '') return [];
      try {
        const a = JSON.parse(line) as Anchor;
        if (Number.isInteger(a.id) && a.id >= 0 && typeof a.hash === 'string' && typeof a.at === 'string') return [a];
      } catch {
        /* below */
      }
      throw new Error(`${file} line ${i + 1} is not an anchor ({"id":…,"hash":"…","at":"…"})`);
    });
}

/** Appends the head to the file when it moved since the file's last anchor; answers what was written (null: nothing new). */
export async function exportAnchor(db: Db, file: string, now: Date): Promise<Anchor | null> {
  const head = await chainHead(db, now);
  const last = existsSync(file) ? readAnchors(file).at(-1) : undefined;
  if (head.id === 0 || (last && last.id === head.id && last.hash === head.hash)) return null;
  appendFileSync(file, `${JSON.stringify(head)}\n`, { mode: 0o640 });
  return head;
}

export type AnchorVerdict = { ok: true; checked: number; latest: Anchor | null } | { ok: false; anchor: Anchor; reason: string };

/** Every anchored record must still carry the anchored hash. */
export async function checkAnchors(db: Db, anchors: readonly Anchor[]): Promise<AnchorVerdict> {
  for (const anchor of anchors) {
    if (anchor.id === 0) continue;
    const row = await db.selectFrom('operation_log').select('hash').where('id', '=', anchor.id).executeTakeFirst();
    if (!row) return { ok: false, anchor, reason: `record ${anchor.id}, anchored at ${anchor.at}, is gone` };
    if (row.hash !== anchor.hash)
      return { ok: false, anchor, reason: `record ${anchor.id} no longer carries the hash anchored at ${anchor.at}: the log was rewritten` };
  }
  return { ok: true, checked: anchors.length, latest: anchors.at(-1) ?? null };
}
