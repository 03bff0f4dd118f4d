import { useEffect } from 'react';
import { AutoComplete, Button, DatePicker, Form, Input, InputNumber, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { optionsOf } from '../form/FormFields';
import { ROLE_OPTIONS } from '../roles';
import type { FilterDeclaration } from '../types';
import { filterParams } from './state';

type FormShape = Record<string, string | number | [Dayjs | null, Dayjs | null] | null | undefined>;

/** URL filter strings → form values (date ranges become a pair of dayjs days). */
function toForm(filters: FilterDeclaration[], values: Record<string, string>): FormShape {
  const out: FormShape = {};
  for (const f of filters) {
    if (f.kind === 'dateRange') {
      const [fromP, toP] = filterParams(f);
      const from = values[fromP] ? dayjs(values[fromP]) : null;
      const to = values[toP] ? dayjs(values[toP]) : null;
      out[f.name] = from || to ? [from, to] : undefined;
    } else {
      out[f.name] = values[f.name];
    }
  }
  return out;
}

/** Form values → filter strings (date ranges as 'YYYY-MM-DD' calendar days). */
function fromForm(filters: FilterDeclaration[], values: FormShape): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of filters) {
    const v = values[f.name];
    if (f.kind === 'dateRange') {
      const [fromP, toP] = filterParams(f);
      const [from, to] = Array.isArray(v) ? v : [null, null];
      if (from) out[fromP] = from.format('YYYY-MM-DD');
      if (to) out[toP] = to.format('YYYY-MM-DD');
    } else if (v !== undefined && v !== null && String(v).trim() !== '') {
      out[f.name] = String(v).trim();
    }
  }
  return out;
}

/** The control of one filter; Form.Item passes `value`/`onChange` through `control`. */
function FilterInput({ filter, ...control }: { filter: FilterDeclaration } & Record<string, unknown>) {
  const { t } = useTranslation();
  const placeholder = t(filter.label);
  switch (filter.kind) {
    case 'number':
      return <InputNumber {...control} placeholder={placeholder} style={{ width: 160 }} />;
    case 'select':
      return <Select {...control} placeholder={placeholder} options={optionsOf(filter.options, t)} allowClear style={{ width: 160 }} />;
    case 'role':
      return <Select {...control} placeholder={placeholder} options={optionsOf(ROLE_OPTIONS, t)} allowClear showSearch style={{ width: 160 }} />;
    case 'dateRange':
      return <DatePicker.RangePicker {...control} allowEmpty={[true, true]} placeholder={[t('kit.from'), t('kit.to')]} style={{ maxWidth: '100%' }} />;
    default:
      if (filter.suggestions) return <SuggestInput {...control} placeholder={placeholder} options={optionsOf(filter.suggestions, t)} />;
      return <Input {...control} placeholder={placeholder} allowClear style={{ width: 180 }} />;
  }
}

/** Free text with suggestions: each shows its label and the value it sends; typing matches either. */
function SuggestInput({ options, ...control }: { options: { value: string; label: string }[] } & Record<string, unknown>) {
  return (
    <AutoComplete
      {...control}
      allowClear
      style={{ width: 220 }}
      popupMatchSelectWidth={280}
      options={options.map((o) => ({
        value: o.value,
        text: `${o.label} ${o.value}`.toLowerCase(),
        label:
          o.label === o.value ? (
            o.value
          ) : (
            <Space size={6}>
              <span>{o.label}</span>
              <span style={{ color: 'rgba(0,0,0,0.45)' }}>{o.value}</span>
            </Space>
          ),
      }))}
      showSearch={{ filterOption: (input, option) => String(option?.text ?? '').includes(input.trim().toLowerCase()) }}
    />
  );
}

interface Props {
  filters: FilterDeclaration[];
  values: Record<string, string>;
  onSubmit: (values: Record<string, string>) => void;
}

/** The filter form of a list screen; submitting or resetting goes back to page 1. */
export function FilterBar({ filters, values, onSubmit }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormShape>();
  const key = JSON.stringify(values);
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toForm(filters, values));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (filters.length === 0) return null;
  return (
    <Form
      form={form}
      name="kit-filters"
      layout="inline"
      className="kit-filters"
      onFinish={(v) => onSubmit(fromForm(filters, v))}
      initialValues={toForm(filters, values)}
      style={{ rowGap: 12 }}
    >
      {filters.map((f) => (
        <Form.Item key={f.name} name={f.name} label={t(f.label)}>
          <FilterInput filter={f} />
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('kit.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              form.setFieldsValue(toForm(filters, {}));
              onSubmit({});
            }}
          >
            {t('kit.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
