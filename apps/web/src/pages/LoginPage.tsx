import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import SafetyOutlined from '@ant-design/icons-svg/es/asn/SafetyOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_OTP_REQUIRED, login, type Credentials } from '../shell/account-api';
import type { ApiError } from '../shell/request';
import { translateServerMessage } from '../shell/server-messages';
import { setToken } from '../shell/session';
import { toast } from '../shell/toast';
import './LoginPage.css';

/** Sign-in failures stay 5 s (§8, §9). */
const FAILURE_SECONDS = 5;

type Field = 'username' | 'password';
type Errors = Partial<Record<Field, string>>;

/**
 * /login (§5): the username is trimmed; the second field takes the password or, when the
 * server answers 60205, the one-time code (sent with the remembered password as `code`).
 * A failure shows a red "认证失败:" + code for 5 s; success needs code 200 and a token.
 *
 * Drawn without antd (LoginPage.css gives it antd's look): antd's runtime, its CSS-in-JS and
 * the Form, Input and Button code weigh more than React itself, and the sign-in page is the
 * first thing every visitor loads. The signed-in shell brings antd; the failure toast loads
 * antd's message on demand (shell/toast.tsx).
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState<Credentials | null>(null);
  const [busy, setBusy] = useState(false);
  const secretRef = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    document.title = t('app.title');
  }, [t]);

  // antd Form's rules as they were: username required and not only spaces, the secret required.
  function check(field: Field, value: string, otp = !!pending): string | undefined {
    if (field === 'username') return value.trim() ? undefined : t('login.usernameRequired');
    return value ? undefined : t(otp ? 'login.otpRequired' : 'login.passwordRequired');
  }

  // Like antd's Form.Item (validateTrigger onChange): a field is checked again as it is edited.
  function change(field: Field, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: check(field, value) }));
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const found: Errors = { username: check('username', values.username), password: check('password', values.password) };
    setErrors(found);
    if (found.username || found.password) return;
    void submit(values);
  }

  async function submit(v: Record<Field, string>) {
    const cred: Credentials = pending ? { ...pending, code: v.password } : { username: v.username.trim(), password: v.password };
    setBusy(true);
    try {
      // The guard sees the token on /login and goes on to the `redirect` query (§4).
      setToken(await login(cred));
    } catch (e) {
      const err = e as ApiError;
      if (err.code === CODE_OTP_REQUIRED && !pending) {
        setPending({ username: cred.username, password: cred.password });
        setValues((x) => ({ ...x, password: '' }));
        setErrors({});
        setTimeout(() => secretRef.current?.focus(), 0);
        return;
      }
      const detail = err.message && err.message !== 'Error' ? ' ' + translateServerMessage(err.message, t) : '';
      toast.error(
        <span style={{ color: '#ff4d4f' }} data-testid="login-failure">
          认证失败:{err.code}
          {detail}
        </span>,
        FAILURE_SECONDS,
      );
      if (pending) setValues((x) => ({ ...x, password: '' }));
    } finally {
      setBusy(false);
    }
  }

  function restart() {
    setPending(null);
    setValues((x) => ({ ...x, password: '' }));
    setErrors((e) => ({ ...e, password: undefined }));
  }

  return (
    <div className="login-page">
      <div className="login-box">
        <h3 className="login-title">{t('app.title')}</h3>
        <form className="login-form" onSubmit={onSubmit} autoComplete="on" noValidate>
          <Item error={errors.username} id="username">
            <TextInput
              id="username"
              icon={UserOutlined}
              value={values.username}
              error={!!errors.username}
              disabled={!!pending}
              onChange={(v) => change('username', v)}
              placeholder={t('login.username')}
              autoComplete="username"
              autoFocus
            />
          </Item>
          <Item error={errors.password} id="password" extra={pending ? <span style={{ color: '#ccc' }}>{t('login.otpHint')}</span> : undefined}>
            {pending ? (
              <TextInput
                key="otp"
                id="password"
                icon={SafetyOutlined}
                value={values.password}
                error={!!errors.password}
                inputRef={secretRef}
                onChange={(v) => change('password', v)}
                placeholder={t('login.otp')}
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={6}
              />
            ) : (
              <TextInput
                key="password"
                id="password"
                icon={LockOutlined}
                value={values.password}
                error={!!errors.password}
                inputRef={secretRef}
                secret
                onChange={(v) => change('password', v)}
                placeholder={t('login.password')}
                autoComplete="current-password"
              />
            )}
          </Item>
          <button type="submit" className={'login-button login-primary' + (busy ? ' login-loading' : '')}>
            {busy && <Icon def={LoadingOutlined} className="login-spin" />}
            <span>{t('login.submit')}</span>
          </button>
          {pending && (
            <button type="button" className="login-button login-link" onClick={restart}>
              <span>{t('login.back')}</span>
            </button>
          )}
        </form>
      </div>
    </div>
  );
}

/** A form row: the control, then its message (red) and hint, in the 24 px below it. */
function Item({ id, error, extra, children }: { id: string; error?: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <div className={'login-item' + (error ? ' login-item-with-help' : '')}>
      {children}
      {(error || extra) && (
        <div className="login-help">
          {error && (
            <div id={`${id}_help`} role="alert" className="login-help-text login-explain">
              {error}
            </div>
          )}
          {extra && <div className="login-help-text login-extra">{extra}</div>}
        </div>
      )}
    </div>
  );
}

interface TextInputProps {
  id: string;
  icon: IconDefinition;
  value: string;
  onChange(value: string): void;
  placeholder: string;
  autoComplete: string;
  error: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  secret?: boolean;
  inputMode?: 'numeric';
  maxLength?: number;
  inputRef?: React.RefObject<HTMLInputElement | null>;
}

/** antd's large Input with a prefix icon; `secret`: Input.Password (the eye shows or hides it). */
function TextInput({
  id,
  icon,
  value,
  onChange,
  placeholder,
  autoComplete,
  error,
  disabled,
  autoFocus,
  secret,
  inputMode,
  maxLength,
  inputRef,
}: TextInputProps) {
  const [visible, setVisible] = useState(false);
  const own = useRef<HTMLInputElement | null>(null);
  const ref = inputRef ?? own;
  const cls = 'login-input' + (error ? ' login-input-error' : '') + (disabled ? ' login-input-disabled' : '');
  return (
    // A click anywhere in the box (icon, padding) puts the caret in the field, as antd's does.
    <span
      className={cls}
      onMouseDown={(e) => {
        if (e.target !== ref.current && !disabled) {
          e.preventDefault();
          ref.current?.focus();
        }
      }}
    >
      <span className="login-affix login-prefix">
        <Icon def={icon} />
      </span>
      <input
        ref={ref}
        id={id}
        type={secret && !visible ? 'password' : 'text'}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        aria-label={placeholder}
        autoComplete={autoComplete}
        disabled={disabled}
        autoFocus={autoFocus}
        inputMode={inputMode}
        maxLength={maxLength}
        aria-required="true"
        aria-invalid={error || undefined}
        aria-describedby={error ? `${id}_help` : undefined}
      />
      {secret && (
        <span className="login-affix login-suffix">
          <span
            className="login-eye"
            role="button"
            tabIndex={0}
            aria-label={visible ? 'Hide' : 'Show'}
            aria-pressed={visible}
            onClick={() => setVisible((x) => !x)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                setVisible((x) => !x);
              }
            }}
          >
            <Icon def={visible ? EyeOutlined : EyeInvisibleOutlined} />
          </span>
        </span>
      )}
    </span>
  );
}

/** Draws an @ant-design/icons-svg definition as antd's Icon does (1em, currentColor). */
function Icon({ def, className }: { def: IconDefinition; className?: string }) {
  const { icon, name } = def;
  if (typeof icon === 'function') return null; // two-tone icons only; none is used here
  return (
    <span role="img" aria-label={name} className={'login-icon' + (className ? ' ' + className : '')}>
      <svg {...icon.attrs} data-icon={name} width="1em" height="1em" fill="currentColor" aria-hidden="true">
        {(icon.children ?? []).map((c, i) => (
          <path key={i} d={String(c.attrs.d)} />
        ))}
      </svg>
    </span>
  );
}
