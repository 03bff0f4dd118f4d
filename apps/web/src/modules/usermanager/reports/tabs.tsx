/**
 * Two or more lists on one screen, one tab each. Each list keeps its filters, sort and page
 * in the URL, so switching tabs starts the other list afresh (the URL is cleared).
 */
import { useState, type ReactNode } from 'react';
import { Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

export interface ReportTab {
  key: string;
  label: string;
  element: ReactNode;
}

export function ReportTabs({ tabs }: { tabs: ReportTab[] }) {
  const { t } = useTranslation();
  const [, setSearch] = useSearchParams();
  const [active, setActive] = useState(tabs[0].key);
  return (
    <Tabs
      activeKey={active}
      destroyOnHidden
      onChange={(key) => {
        setSearch(new URLSearchParams());
        setActive(key);
      }}
      items={tabs.map((tab) => ({ key: tab.key, label: t(tab.label), children: tab.element }))}
    />
  );
}
