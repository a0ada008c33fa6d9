import { galleryUiMessages } from './copy';

/** The documents' loading indicator: five bouncing dots. */
export function DotsLoader() {
  return (
    <div className="dots-loader" role="status" aria-label={galleryUiMessages.loading}>
      {[0, 1, 2, 3, 4].map((dot) => (
        <span key={dot} className="dots-loader__dot" style={{ animationDelay: `${dot * 0.12}s` }} />
      ))}
    </div>
  );
}
