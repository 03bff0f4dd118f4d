/** Shared parts of the /messages screens: keys, the phone-like preview of cleaned rich text, the live preview hook. */
import type { PrefabPreview } from '@console/schemas';
import { Card, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { request } from '../../shell/request';

export const L = 'messages.';
export const CURRENCY_OPTIONS = ['chip', 'bean', 'diamond'].map((v) => ({ value: v, label: `${L}currency.${v}` }));
export const CURRENCY_LABELS = { chip: `${L}currency.chip`, bean: `${L}currency.bean`, diamond: `${L}currency.diamond` };

/**
 * Rich text as the app shows it. The HTML is the server's: stored only after its allow list
 * (domains/messages/sanitize.ts) or returned by its preview call, never the typed text.
 */
export function PhonePreview({ title, html, footer, testId }: { title: string; html: string; footer?: React.ReactNode; testId?: string }) {
  return (
    <Card size="small" style={{ maxWidth: 360, width: '100%', borderRadius: 16, background: '#fafafa' }} data-testid={testId}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {title || '-'}
      </Typography.Title>
      <div className="message-html" style={{ wordBreak: 'break-word' }} dangerouslySetInnerHTML={{ __html: html }} />
      {footer}
    </Card>
  );
}

/** The server's preview of a title and content (cleaned, variables filled), 300 ms after the last keystroke. */
export function useLivePreview(title: string, content: string, lang: 'en' | 'zh', sample: { amount?: number; currency?: string } = {}) {
  const [preview, setPreview] = useState({ title: '', content: '' });
  useEffect(() => {
    if (!title && !content) {
      setPreview({ title: '', content: '' });
      return;
    }
    const timer = setTimeout(() => {
      request<PrefabPreview>('POST', '/messages/prefabs/preview', {
        data: {
          title: title.slice(0, 100),
          content: content.slice(0, 20000),
          lang,
          ...(sample.amount ? { amount: sample.amount, currency: sample.currency ?? 'chip' } : {}),
        },
        silent: true,
      })
        .then((res) => res.data && setPreview(res.data))
        .catch(() => undefined);
    }, 300);
    return () => clearTimeout(timer);
  }, [title, content, lang, sample.amount, sample.currency]);
  return preview;
}
