/**
 * A screen that throws while rendering shows this in its place, with the rail and the rest of the
 * page still working, instead of React unmounting the whole app to a blank page. Moving to
 * another route (a new `resetKey`) clears it; "Try again" renders the screen once more, fetching
 * its code again if that was what failed.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { retryFailedScreens } from '../app/lazy-screen';
import { reloadingForStaleChunk } from '../app/stale-chunks';
import { errorMessages } from './copy';

interface Props {
  /** The route: a new one clears the error. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  resetKey: string;
}

export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidUpdate(previous: Props): void {
    // A screen left behind fetches its code again when next shown.
    if (previous.resetKey !== this.props.resetKey) retryFailedScreens();
  }

  private readonly tryAgain = () => {
    retryFailedScreens();
    this.setState({ error: null });
  };

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('a screen failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    // The page is about to be the new build: no error page flashes before it.
    if (reloadingForStaleChunk()) return <div className="route-placeholder" aria-busy="true" />;
    return (
      <section className="page page--error" role="alert">
        <h1>{errorMessages.heading}</h1>
        <p>{errorMessages.body}</p>
        <p className="page__actions">
          <button type="button" className="button button--primary" onClick={this.tryAgain}>
            {errorMessages.tryAgain}
          </button>
          <button type="button" className="button" onClick={() => window.location.reload()}>
            {errorMessages.reload}
          </button>
        </p>
      </section>
    );
  }
}
