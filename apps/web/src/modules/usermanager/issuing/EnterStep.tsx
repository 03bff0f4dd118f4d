/** Step 1: the lines (pasted or from a CSV file) and the reason; problems of the last check listed with their line numbers. */
import { Alert, Button, Form, Input, Space, Table, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { MAX_BATCH_TEXT, parseBatchText, type BatchLineError } from '@console/schemas';
import { L, type SendKind } from './config';

export interface Entry {
  text: string;
  reason: string;
}

export function lineErrorText(t: TFunction, e: BatchLineError): string {
  const message = t(`${L}lineErrors.${e.code}`, { firstLine: e.firstLine, defaultValue: e.message });
  return e.line > 0 ? t(`${L}lineError`, { line: e.line, message }) : message;
}

interface Props {
  kind: SendKind;
  entry: Entry;
  onChange: (entry: Entry) => void;
  errors: BatchLineError[];
  checking: boolean;
  onCheck: () => void;
}

export function EnterStep({ kind, entry, onChange, errors, checking, onCheck }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Entry>();
  const lineCount = entry.text.trim() === '' ? 0 : parseBatchText(entry.text).lines.length;
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={entry}
      onValuesChange={(_, all) => onChange({ text: all.text ?? '', reason: all.reason ?? '' })}
      onFinish={onCheck}
      style={{ maxWidth: 720 }}
    >
      <Form.Item
        name="text"
        label={t(`${L}lines`)}
        extra={
          <Space size="large">
            <span>{t(kind.help)}</span>
            <span data-testid="line-count">{t(`${L}lineCount`, { count: lineCount })}</span>
          </Space>
        }
        rules={[{ required: true, message: t(`${L}lineErrors.noLines`) }]}
      >
        <Input.TextArea rows={12} placeholder={t(`${L}linesPlaceholder`)} spellCheck={false} style={{ fontFamily: 'monospace' }} />
      </Form.Item>
      <Form.Item>
        <Upload
          accept=".csv,.txt,text/csv,text/plain"
          showUploadList={false}
          maxCount={1}
          beforeUpload={async (file) => {
            if (file.size > MAX_BATCH_TEXT) {
              form.setFields([{ name: 'text', errors: [t(`${L}fileTooLarge`)] }]);
              return false;
            }
            const text = await file.text();
            form.setFieldValue('text', text);
            onChange({ ...form.getFieldsValue(), text });
            return false;
          }}
        >
          <Button icon={<UploadOutlined />}>{t(`${L}upload`)}</Button>
        </Upload>
      </Form.Item>
      <Form.Item
        name="reason"
        label={t(`${L}reason`)}
        rules={[
          { required: true, whitespace: true, message: t(`${L}reasonRequired`) },
          { max: 200, message: t(`${L}reasonTooLong`) },
        ]}
      >
        <Input.TextArea rows={2} count={{ show: true, max: 200 }} maxLength={250} />
      </Form.Item>
      {errors.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={t(`${L}problems`, { count: errors.length })}
          description={
            <Table<BatchLineError & { key: number }>
              size="small"
              data-testid="line-errors"
              dataSource={errors.map((e, key) => ({ ...e, key }))}
              pagination={errors.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
              columns={[
                { key: 'line', title: t(`${L}line`), width: 80, render: (_, e) => (e.line > 0 ? e.line : '-') },
                { key: 'problem', title: t(`${L}problem`), render: (_, e) => <Typography.Text>{lineErrorText(t, e)}</Typography.Text> },
              ]}
            />
          }
        />
      )}
      <Button type="primary" htmlType="submit" loading={checking}>
        {t(`${L}check`)}
      </Button>
    </Form>
  );
}
