import { Form, Input, InputNumber, Select, Switch, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Translate } from '../../lib/validators';
import { externalLinkRules } from '../../lib/validators';
import { ROLE_OPTIONS } from '../roles';
import type { FieldDeclaration, SelectOption } from '../types';

export function optionsOf(options: SelectOption[] | (() => SelectOption[]) | undefined, t: TFunction) {
  return (typeof options === 'function' ? options() : (options ?? [])).map((o) => ({ value: o.value, label: o.literal ? o.label : t(o.label) }));
}

/** Validation messages of lib/validators in the current language. */
export function useValidationTranslate(): Translate {
  const { t } = useTranslation();
  return (key, english) => t(`kit.validation.${key}`, { defaultValue: english });
}

function inputOf(field: FieldDeclaration, t: TFunction) {
  const disabled = field.readOnly;
  switch (field.kind) {
    case 'password':
      return <Input.Password autoComplete="new-password" disabled={disabled} />;
    case 'number':
      return <InputNumber min={field.min} max={field.max} disabled={disabled} style={{ width: '100%' }} />;
    case 'textarea':
      return <Input.TextArea rows={3} disabled={disabled} />;
    case 'switch':
      return <Switch disabled={disabled} />;
    case 'select':
      return <Select options={optionsOf(field.options, t)} disabled={disabled} allowClear />;
    case 'multiSelect':
      return <Select mode="multiple" options={optionsOf(field.options, t)} disabled={disabled} />;
    case 'roles':
      return <Select mode="multiple" options={optionsOf(field.options ?? ROLE_OPTIONS, t)} disabled={disabled} />;
    case 'url':
      return <Input type="url" disabled={disabled} />;
    default:
      return <Input disabled={disabled} />;
  }
}

/** Form.Items for declared fields; rules: required, the kind's own (url), then the declared ones. */
export function FormFields({ fields }: { fields: FieldDeclaration[] }) {
  const { t } = useTranslation();
  const translate = useValidationTranslate();
  return (
    <>
      {fields.map((field) => {
        const rules: FormRule[] = [
          ...(field.required ? [{ required: true, message: t('kit.validation.required') }] : []),
          ...(field.kind === 'url' ? externalLinkRules(translate) : []),
          ...(typeof field.rules === 'function' ? field.rules(translate) : (field.rules ?? [])),
        ];
        return (
          <Form.Item
            key={field.name}
            name={field.name}
            label={t(field.label)}
            rules={rules}
            extra={field.help ? t(field.help) : undefined}
            valuePropName={field.kind === 'switch' ? 'checked' : 'value'}
          >
            {inputOf(field, t)}
          </Form.Item>
        );
      })}
    </>
  );
}
