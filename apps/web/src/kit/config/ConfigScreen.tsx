import { useEffect } from 'react';
import { Button, Card, Form, Result, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useKitMutation } from '../mutation';
import { useTranslation } from 'react-i18next';
import { request } from '../../shell/request';
import { confirmAsync, FeedbackProvider, useFeedback } from '../feedback';
import { FormFields } from '../form/FormFields';
import type { ConfigDeclaration, FieldDeclaration, FormValues } from '../types';
import { RowsField } from './RowsField';
import { fieldsFromSchema } from './schemaFields';
import type { SettingsField } from './settingsFields';

/**
 * A configuration declaration whose settings may hold tables of rows: the declared field named
 * like a 'rows' field of `rows.fields` (settingsFieldsOf) is edited as a table (RowsField),
 * its columns labelled by `rows.columnLabel` (the screen's field labels).
 */
export interface ConfigScreenDeclaration extends ConfigDeclaration {
  rows?: {
    fields: readonly SettingsField[];
    columnLabel: (column: string) => string;
    /** i18n key of a select column's option (the option itself when untranslated). */
    optionLabel?: (column: string, option: string) => string;
  };
}

/** A configuration form from a declaration: load, validate, confirm overwrite, save. */
export function ConfigScreen({ decl }: { decl: ConfigScreenDeclaration }) {
  return (
    <FeedbackProvider>
      <ConfigForm decl={decl} />
    </FeedbackProvider>
  );
}

function ConfigForm({ decl }: { decl: ConfigScreenDeclaration }) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const [form] = Form.useForm<FormValues>();
  const queryKey = ['kit-config', decl.name, decl.load.url, decl.load.params];
  const saving = useKitMutation({
    call: (values: FormValues) => request('POST', decl.save.url, { data: decl.save.body ? decl.save.body(values) : values, silent: true }),
    showError: true,
    invalidates: [queryKey],
  });
  const fields = decl.fields ?? fieldsFromSchema(decl.schema, decl.labelPrefix ?? decl.name);

  const loaded = useQuery({
    queryKey,
    queryFn: async () => (await request<FormValues>('GET', decl.load.url, { params: decl.load.params, silent: true })).data ?? {},
    retry: false,
  });
  useEffect(() => {
    if (loaded.data) form.setFieldsValue(decl.load.toForm ? decl.load.toForm(loaded.data) : loaded.data);
  }, [loaded.data, form, decl.load]);

  /** The zod schema's verdict, shown on the fields; true when the values pass. */
  function passesSchema(values: FormValues): boolean {
    if (!decl.schema) return true;
    const parsed = decl.schema.safeParse(values);
    if (parsed.success) return true;
    form.setFields(parsed.error.issues.map((issue) => ({ name: String(issue.path[0] ?? fields[0]?.name), errors: [issue.message] })));
    return false;
  }

  async function save() {
    const values = await form.validateFields().catch(() => null);
    if (!values || !passesSchema(values)) return;
    const ok = await confirmAsync(modal, t('kit.confirmTitle'), t(decl.confirm ?? 'kit.config.overwrite'), { ok: t('kit.ok'), cancel: t('kit.cancel') });
    if (!ok) {
      message.info(t('kit.operationCancelled'));
      return;
    }
    await saving.run(values);
  }

  return (
    <Card title={t(decl.title)}>
      {loaded.isError ? (
        <Result
          status="error"
          title={t('kit.loadFailed')}
          subTitle={loaded.error.message}
          extra={
            <Button type="primary" onClick={() => void loaded.refetch()}>
              {t('kit.retry')}
            </Button>
          }
        />
      ) : loaded.isPending ? (
        <Skeleton active />
      ) : (
        <Form
          form={form}
          name={`kit-config-${decl.name}`}
          layout="vertical"
          style={{ maxWidth: decl.rows?.fields.some((f) => f.kind === 'rows') ? 1080 : 640 }}
          autoComplete="off"
        >
          <ConfigFields fields={fields} rows={decl.rows} />
          <Button type="primary" onClick={save} loading={saving.busy}>
            {t('kit.config.save')}
          </Button>
        </Form>
      )}
    </Card>
  );
}

/** The declared fields in order, a 'rows' one as a table. */
function ConfigFields({ fields, rows }: { fields: FieldDeclaration[]; rows: ConfigScreenDeclaration['rows'] }) {
  const tables = new Map((rows?.fields ?? []).filter((f) => f.kind === 'rows').map((f) => [f.key, f]));
  if (!rows || tables.size === 0) return <FormFields fields={fields} />;
  return (
    <>
      {fields.map((field) => {
        const table = tables.get(field.name);
        return table ? (
          <RowsField key={field.name} field={table} label={field.label} help={field.help} columnLabel={rows.columnLabel} optionLabel={rows.optionLabel} />
        ) : (
          <FormFields key={field.name} fields={[field]} />
        );
      })}
    </>
  );
}
