import { Link } from 'wouter';
import { Icon } from '../ui/icons';
import { wipeIcon } from '../ui/tool-icons';
import { canCompare, compareHref, type CompareItem } from './compare-url';
import { compareMessages } from './copy';
import './entry.css';

/**
 * The way into the compare screen from a selection (the studio's, the dashboard's): "Compare (n)"
 * while two to four images are picked, nothing otherwise. Light: it does not load the view.
 */
export function CompareLink({ items, className = '' }: { items: readonly CompareItem[]; className?: string }) {
  if (!canCompare(items.length)) return null;
  return (
    <Link href={compareHref(items)} className={`compare-entry ${className}`.trim()}>
      <Icon path={wipeIcon} size={18} />
      <span>{compareMessages.compareCount(items.length)}</span>
    </Link>
  );
}
