/**
 * /vipmanager/vipsend: batch VIP chips, the usermanager batch send workflow (check every line,
 * preview with today's allowance, confirm, progress, result) on the vipsend calls, whose check
 * also refuses a uid that is not a VIP; the VIP batches with their lines in a second tab.
 */
import { useState } from 'react';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { IssueBatch } from '@console/schemas';
import { ListScreen, type ListDeclaration } from '../../kit';
import { formatInt } from '../../lib/format';
import { batchLogScreen } from '../usermanager/issuing/batchLogs';
import type { SendKind } from '../usermanager/issuing/config';
import { SendWorkflow } from '../usermanager/issuing/SendWorkflow';

const V = 'vipmanager.vipsend.';

export const VIP_CHIPS: SendKind = {
  currency: 'chip',
  sendApi: '/vipmanager/vipsend',
  logsApi: '/vipmanager/vipsend/batches',
  logsRoute: '/vipmanager/vipsend',
  amount: formatInt,
  help: `${V}linesHelp`,
};

export const vipBatchesList: ListDeclaration<IssueBatch> = { ...batchLogScreen(VIP_CHIPS, 'sendlogs'), name: 'vipsend-batches', title: `${V}batches` };

export default function VipsendScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // the result step links here with ?id=<batch>: open the batches then
  const [tab, setTab] = useState(params.has('id') ? 'batches' : 'send');
  return (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      destroyOnHidden
      items={[
        { key: 'send', label: t(`${V}tabSend`), children: <SendWorkflow kind={VIP_CHIPS} /> },
        { key: 'batches', label: t(`${V}batches`), children: <ListScreen decl={vipBatchesList} /> },
      ]}
    />
  );
}
