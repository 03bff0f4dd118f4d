/** /usermanager/batchsendgold/sendgold (admin): the chip batch send, and the daily limits of the permission groups in a second tab. */
import { useState } from 'react';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { CHIPS, L } from './config';
import LimitsList from './limits';
import { SendWorkflow } from './SendWorkflow';

export default function SendgoldScreen() {
  const { t } = useTranslation();
  // in component state, not the URL: the limits list owns the URL query (its page)
  const [tab, setTab] = useState('send');
  return (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      destroyOnHidden
      items={[
        { key: 'send', label: t(`${L}tabSend`), children: <SendWorkflow kind={CHIPS} /> },
        { key: 'limits', label: t(`${L}tabLimits`), children: <LimitsList /> },
      ]}
    />
  );
}
