import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** A catalogue screen whose issue has not delivered it yet: says so plainly, no fake content. */
export default function NotAvailablePage({ title }: { title: string }) {
  const { t } = useTranslation();
  return <Result status="info" title={title} subTitle={t('notAvailable.text')} data-testid="not-available" />;
}
