import { Result } from 'antd';
import { Component, type ReactNode } from 'react';
import { i18next } from './i18n';

/** A screen that throws shows an error result inside the layout instead of blanking the console. */
export class ScreenBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  render() {
    if (!this.state.error) return this.props.children;
    return <Result status="error" title={i18next.t('messages.hasError')} subTitle={this.state.error.message} />;
  }
}
