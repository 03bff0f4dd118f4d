/**
 * Several screens of one page, one shown at a time: the kit's one way to put lists (or any
 * screens) in tabs. The URL policy:
 *   - the open tab is `?tab=<key>`; the first tab has no parameter, so a screen's plain path opens
 *     it, and a reload or a shared link opens the tab it names;
 *   - switching tab starts the other tab afresh: every other parameter of the URL goes (the kit's
 *     lists keep their filters, sort and page there, and must not read another list's), except
 *     the ones named in `keep` (a report's range, say), which every tab shares;
 *   - only the open tab is mounted, so a hidden list does not fetch.
 * Each tab's title carries `data-testid="tab-<key>"`.
 */
import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';

export interface TabDeclaration {
  key: string;
  /** An i18n key. */
  label: string;
  render: () => ReactNode;
}

export const TAB_PARAM = 'tab';

export function TabsScreen({ tabs, keep = [] }: { tabs: readonly TabDeclaration[]; keep?: readonly string[] }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const asked = search.get(TAB_PARAM);
  const active = tabs.some((tab) => tab.key === asked) ? asked! : tabs[0].key;
  const onChange = (key: string) => {
    const next = new URLSearchParams();
    for (const name of keep) {
      const value = search.get(name);
      if (value !== null && value !== '') next.set(name, value);
    }
    if (key !== tabs[0].key) next.set(TAB_PARAM, key);
    setSearch(next);
  };
  return (
    <Tabs
      activeKey={active}
      destroyOnHidden
      onChange={onChange}
      items={tabs.map((tab) => ({
        key: tab.key,
        label: <span data-testid={`tab-${tab.key}`}>{t(tab.label)}</span>,
        children: tab.key === active ? tab.render() : null,
      }))}
    />
  );
}
