import { createContext, useContext, useState, type ReactNode } from 'react';
import { Button, Flex } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FeedbackProvider } from '../feedback';
import { HistoryDrawer } from './HistoryDrawer';
import type { HistoryDeclaration } from './types';

interface HistoryControl {
  open(itemKey: string | null): void;
}
const HistoryContext = createContext<HistoryControl | null>(null);

/**
 * A configuration screen with its history: a "History" button above the screen (every
 * item) and, through `historyCell`, one beside each item (that item's versions).
 */
export function WithHistory({ history, children }: { history: HistoryDeclaration; children: ReactNode }) {
  return (
    <FeedbackProvider>
      <Frame history={history}>{children}</Frame>
    </FeedbackProvider>
  );
}

function Frame({ history, children }: { history: HistoryDeclaration; children: ReactNode }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<{ key: string | null } | null>(null);
  return (
    <HistoryContext.Provider value={{ open: (key) => setShown({ key }) }}>
      <Flex vertical gap={12}>
        <Flex justify="flex-end">
          <Button icon={<HistoryOutlined />} onClick={() => setShown({ key: null })}>
            {t('history.button')}
          </Button>
        </Flex>
        {children}
      </Flex>
      <HistoryDrawer history={history} itemKey={shown?.key ?? null} open={shown !== null} onClose={() => setShown(null)} />
    </HistoryContext.Provider>
  );
}

/** A small button that opens one item's history (inside WithHistory). */
export function HistoryLink({ itemKey }: { itemKey: string }) {
  const { t } = useTranslation();
  const control = useContext(HistoryContext);
  if (!control) return null;
  return (
    <Button
      type="text"
      size="small"
      icon={<HistoryOutlined />}
      aria-label={t('history.itemButton')}
      title={t('history.itemButton')}
      onClick={(e) => {
        e.stopPropagation();
        control.open(itemKey);
      }}
    />
  );
}

/** A column `render` showing the value and the item's history button: `render: historyCell((row) => row.channel)`. */
export function historyCell<Row>(keyOf: (row: Row) => string) {
  return (value: unknown, row: Row) => (
    <Flex align="center" gap={4}>
      <span>{String(value ?? '')}</span>
      <HistoryLink itemKey={keyOf(row)} />
    </Flex>
  );
}
