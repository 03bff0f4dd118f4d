/**
 * The quick-match check beside the tiers (/platmanager/quicktemplate): which tier and which open
 * table quick match would give a balance (pesos) or a player (uid) now — the answer the game
 * servers get from GET /api/platform/rooms/quickmatch.
 */
import { useState } from 'react';
import { Alert, Button, Card, Flex, InputNumber, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { QuickMatchAnswer } from '@console/schemas';
import { request } from '../../shell/request';
import { useKitMutation } from '../../kit';
import { formatMoney } from '../../lib/format';
import { L, ROOM_GAMES } from './common';

type Answer = QuickMatchAnswer;

export function QuickMatchCheck() {
  const { t } = useTranslation();
  const [game, setGame] = useState<string>('tongits');
  const [pesos, setPesos] = useState<number | null>(null);
  const [uid, setUid] = useState<number | null>(null);
  const [answer, setAnswer] = useState<Answer | null>(null);
  // a question, not a change: no toast, and a refused question clears the last answer
  const asking = useKitMutation({
    call: async () => {
      setAnswer(null);
      const params = uid ? { game, uid } : { game, balance: Math.round((pesos ?? 0) * 100) };
      return (await request<Answer>('GET', '/platmanager/quicktemplate/match', { params })).data ?? null;
    },
    success: false,
    onSuccess: setAnswer,
  });
  const busy = asking.busy;
  const ask = () => void asking.run();
  return (
    <Card size="small" title={t(`${L}match.title`)} data-testid="quick-match">
      <Flex wrap gap={8} align="center">
        <Select style={{ width: 180 }} value={game} onChange={setGame} options={ROOM_GAMES.map((g) => ({ value: g, label: t(`${L}game.${g}`) }))} />
        <InputNumber
          style={{ width: 180 }}
          min={0}
          placeholder={t(`${L}match.balance`)}
          value={pesos}
          onChange={(v) => {
            setPesos(v);
            setUid(null);
          }}
        />
        <InputNumber
          style={{ width: 160 }}
          min={1}
          precision={0}
          placeholder={t(`${L}match.uid`)}
          value={uid}
          onChange={(v) => {
            setUid(v);
            setPesos(null);
          }}
        />
        <Button type="primary" loading={busy} disabled={pesos === null && uid === null} onClick={ask}>
          {t(`${L}match.ask`)}
        </Button>
      </Flex>
      {answer && (
        <Alert
          style={{ marginTop: 12 }}
          type={answer.tier ? 'success' : 'warning'}
          data-testid="quick-match-answer"
          message={
            answer.tier
              ? t(`${L}match.tier`, { balance: formatMoney(answer.balance), tier: `${answer.tier.name} (${answer.tier.id})`, template: answer.tier.template })
              : t(`${L}match.none`, { balance: formatMoney(answer.balance) })
          }
          description={
            answer.tier &&
            (answer.table ? (
              <Typography.Text>
                {t(`${L}match.table`, {
                  code: answer.table.code,
                  players: answer.table.players ?? 0,
                  seats: answer.table.seats,
                  version: answer.table.templateVersion,
                })}
              </Typography.Text>
            ) : (
              <Typography.Text>{t(`${L}match.noTable`)}</Typography.Text>
            ))
          }
        />
      )}
    </Card>
  );
}
