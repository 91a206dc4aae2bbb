/** The generic 'Loading...' block with a spinner (product spec §2), announced to screen readers. */
import { UI_TEXT } from './text';
import './LoadingBlock.css';

export function LoadingBlock({ height }: { height?: number }) {
  return (
    <div className="loading-block" role="status" style={height === undefined ? undefined : { height }}>
      <span className="spinner" aria-hidden="true" />
      <span>{UI_TEXT.loading}</span>
    </div>
  );
}
