// @vitest-environment jsdom
/** Ledger reasons: a label for every known code in both languages, unknown codes as they are, the same labels in the export. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import '../../kit/test/setup';
import { exportColumns } from '../../kit/list/serverExport';
import { LEDGER_REASON_LABELS, LEDGER_REASONS, ReasonLabel } from './ledgerReasons';
import { goldlogsScreen } from './lists/goldlogs';
import { beanlogsScreen } from './records/beanlogs';
import { bonuslogsScreen } from './records/bonuslogs';
import { moneylogsScreen } from './lists/moneylogs';

afterEach(cleanup);

describe('ledger reasons', () => {
  it('every known code has its own label in English and in Chinese', () => {
    for (const lng of ['en', 'zh']) {
      const t = i18next.getFixedT(lng);
      const labels = LEDGER_REASONS.map((code) => t(LEDGER_REASON_LABELS[code]));
      for (const [i, label] of labels.entries()) {
        expect(label, `${lng} ${LEDGER_REASONS[i]}`).not.toBe(LEDGER_REASON_LABELS[LEDGER_REASONS[i]]);
        expect(label).not.toMatch(/^[a-z]+\.[a-zA-Z]+$/);
      }
      expect(new Set(labels).size, lng).toBe(labels.length);
    }
    expect(i18next.getFixedT('zh')(LEDGER_REASON_LABELS['game.win'])).toBe('游戏赢取');
  });

  it('a known code reads as its label (the code kept in the element), an unknown one as it is', () => {
    render(
      <>
        <ReasonLabel code="staff.toSafe" />
        <ReasonLabel code="game.jackpot" />
        <ReasonLabel code="toString" />
      </>,
    );
    expect(screen.getByText('Staff: chips → safe').getAttribute('data-reason')).toBe('staff.toSafe');
    expect(screen.getByText('game.jackpot')).toBeTruthy();
    expect(screen.getByText('toString')).toBeTruthy();
  });

  it('every ledger screen sends the reason labels to the server export', () => {
    const t = i18next.getFixedT('zh');
    for (const decl of [goldlogsScreen, beanlogsScreen, bonuslogsScreen, moneylogsScreen]) {
      const reason = exportColumns(decl.columns, t).find((c) => c.key === 'reason');
      expect(reason?.labels?.['emote.used'], decl.name).toBe('使用表情');
      expect(Object.keys(reason?.labels ?? {})).toHaveLength(LEDGER_REASONS.length);
    }
  });
});
