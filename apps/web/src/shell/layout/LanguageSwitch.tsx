import { DownOutlined, GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n';
import type { Language } from '../language';
import { useLanguage } from '../useLanguage';

const LABELS: Record<Language, string> = { zh: '中文', en: 'English' };

/** 中文 / English (§1); AppLayout shows it only to the five roles allowed to switch. */
export function LanguageSwitch() {
  const lang = useLanguage();
  const { t } = useTranslation();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [lang],
        items: (['zh', 'en'] as const).map((key) => ({ key, label: LABELS[key] })),
        onClick: ({ key }) => {
          void changeLanguage(key as Language);
        },
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('nav.language')} data-testid="language-switch">
        {LABELS[lang]} <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
