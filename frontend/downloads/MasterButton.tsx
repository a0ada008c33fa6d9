import { Icon } from '../ui/icons';
import { downloadIcon } from '../ui/card-icons';
import { downloadCopy } from './copy';
import { downloadMaster, type MasterAddress } from './master';

/** "Download PNG (lossless)": the image's master through the download tray (paid plans; the caller decides when to show it). */
export function MasterButton({ address, className }: { address: MasterAddress; className: string }) {
  return (
    <button type="button" className={className} onClick={() => downloadMaster(address)}>
      <Icon size={18} path={downloadIcon} />
      {downloadCopy.downloadPng}
    </button>
  );
}
