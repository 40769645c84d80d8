import { Component, type ReactNode } from 'react';

/** The application error screen: any error a page throws while rendering ends here. */
export class ErrorScreen extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main role="alert" style={{ padding: 32, fontFamily: 'system-ui, sans-serif' }}>
        <h1>Unexpected Application Error!</h1>
        <p style={{ color: '#a8071a' }}>{this.state.error.message}</p>
        <a href="/">Volver al inicio</a>
      </main>
    );
  }
}
