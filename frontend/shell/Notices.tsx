import { useNotices } from './notices';
import { Icon, closeIcon } from '../ui/icons';

/**
 * The one place notices appear; errors are announced assertively, the rest politely. A tray a
 * feature put there (the download tray) joins the same column above them, so nothing stacks over a
 * notice.
 */
export function Notices() {
  const { notices, dismiss, tray: Tray } = useNotices();
  const urgent = notices.filter((notice) => notice.tone === 'error');
  const calm = notices.filter((notice) => notice.tone !== 'error');
  return (
    <div className="notices">
      {Tray && <Tray />}
      {[
        { list: urgent, role: 'alert' as const, live: 'assertive' as const },
        { list: calm, role: 'status' as const, live: 'polite' as const },
      ].map(({ list, role, live }) => (
        <div key={role} role={role} aria-live={live} className="notices-region">
          {list.map((notice) => (
            <div key={notice.id} className={`notice notice--${notice.tone}`}>
              <span className="notice-text">{notice.message}</span>
              <button type="button" className="notice-close" aria-label="Dismiss notice" onClick={() => dismiss(notice.id)}>
                <Icon path={closeIcon} size={16} />
              </button>
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
