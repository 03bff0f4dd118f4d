/**
 * The batch send workflow (sendgold, sendcash): lines and reason → check (every problem with
 * its line number, nothing sent) → preview with totals and today's allowance → confirmation →
 * the batch running with its progress → the result. The server checks again on create.
 */
import { useCallback, useState } from 'react';
import { App, Card, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BatchCheck, BatchLineError, IssueBatch } from '@console/schemas';
import { request } from '../../../shell/request';
import { formatInt } from '../../../lib/format';
import { useKitMutation } from '../../../kit';
import { L, type SendKind } from './config';
import { EnterStep, type Entry } from './EnterStep';
import { PreviewStep } from './PreviewStep';
import { RunStep } from './RunStep';

type Stage = { step: 'enter'; errors: BatchLineError[] } | { step: 'preview'; check: BatchCheck } | { step: 'run'; batch: IssueBatch };

const STEP_INDEX = { enter: 0, preview: 1, run: 2 } as const;

export function SendWorkflow({ kind }: { kind: SendKind }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [entry, setEntry] = useState<Entry>({ text: '', reason: '' });
  const [stage, setStage] = useState<Stage>({ step: 'enter', errors: [] });
  const [finished, setFinished] = useState(false);
  const onDone = useCallback(() => setFinished(true), []);

  // the check is a question, not a change: its answer shows as the next step, without a toast
  const checking = useKitMutation({
    call: async () => (await request<BatchCheck>('POST', `${kind.sendApi}/validate`, { data: entry })).data!,
    success: false,
    onSuccess: (result) => setStage(result.ok ? { step: 'preview', check: result } : { step: 'enter', errors: result.errors as BatchLineError[] }),
  });
  const creating = useKitMutation({
    call: async () => (await request<IssueBatch>('POST', `${kind.sendApi}/create`, { data: entry })).data!,
    success: false,
    onSuccess: (batch) => {
      setFinished(false);
      setStage({ step: 'run', batch });
    },
  });
  const busy = checking.busy || creating.busy;

  const send = (checked: BatchCheck) => {
    modal.confirm({
      title: t(`${L}confirmTitle`),
      content: t(`${L}confirmBody`, {
        total: kind.amount(checked.total),
        players: formatInt(checked.players),
        lines: formatInt(checked.lines),
        reason: entry.reason,
      }),
      okText: t(`${L}send`),
      onOk: () => creating.run(),
    });
  };

  const done = stage.step === 'run' && finished;
  return (
    <Card>
      <Steps
        size="small"
        style={{ marginBottom: 24, maxWidth: 720 }}
        current={STEP_INDEX[stage.step] + (done ? 1 : 0)}
        items={['stepEnter', 'stepPreview', 'stepRun', 'stepResult'].map((s) => ({ title: t(`${L}${s}`) }))}
      />
      {stage.step === 'enter' && (
        <EnterStep kind={kind} entry={entry} onChange={setEntry} errors={stage.errors} checking={busy} onCheck={() => void checking.run()} />
      )}
      {stage.step === 'preview' && (
        <PreviewStep
          kind={kind}
          check={stage.check}
          reason={entry.reason}
          sending={busy}
          onBack={() => setStage({ step: 'enter', errors: [] })}
          onSend={() => send(stage.check)}
        />
      )}
      {stage.step === 'run' && (
        <RunStep
          kind={kind}
          batch={stage.batch}
          onDone={onDone}
          onNew={() => {
            setEntry({ text: '', reason: '' });
            setStage({ step: 'enter', errors: [] });
          }}
        />
      )}
    </Card>
  );
}
