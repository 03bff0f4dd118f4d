/** The four texts of a message or template (title and content, English and Chinese) with a live preview of each language. */
import { Col, Form, Input, Row, Segmented, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { L, PhonePreview, useLivePreview } from './common';

export function MessageTexts({ zhRequired, sample }: { zhRequired: boolean; sample?: { amount?: number; currency?: string } }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const [lang, setLang] = useState<'en' | 'zh'>('en');
  const values = Form.useWatch([], form) as Record<string, string> | undefined;
  const title = (lang === 'zh' ? values?.titleZh || values?.titleEn : values?.titleEn) ?? '';
  const content = (lang === 'zh' ? values?.contentZh || values?.contentEn : values?.contentEn) ?? '';
  const preview = useLivePreview(title, content, lang, sample);
  const rule = (required: boolean, max: number) => [{ required, message: t(`${L}required`) }, { max }];
  return (
    <Row gutter={16}>
      <Col xs={24} md={14}>
        <Form.Item name="titleEn" label={t(`${L}titleEn`)} rules={rule(true, 100)}>
          <Input />
        </Form.Item>
        <Form.Item name="contentEn" label={t(`${L}contentEn`)} rules={rule(true, 20000)} extra={t(`${L}variablesHelp`)}>
          <Input.TextArea rows={4} />
        </Form.Item>
        <Form.Item name="titleZh" label={t(`${L}titleZh`)} rules={rule(zhRequired, 100)}>
          <Input />
        </Form.Item>
        <Form.Item name="contentZh" label={t(`${L}contentZh`)} rules={rule(zhRequired, 20000)}>
          <Input.TextArea rows={4} />
        </Form.Item>
      </Col>
      <Col xs={24} md={10}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t(`${L}livePreview`)}</Typography.Text>
          <Segmented
            value={lang}
            onChange={(v) => setLang(v as 'en' | 'zh')}
            options={[
              { value: 'en', label: 'English' },
              { value: 'zh', label: '中文' },
            ]}
          />
          <PhonePreview title={preview.title} html={preview.content} testId="message-preview" />
        </Space>
      </Col>
    </Row>
  );
}
