import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { srcsetOf } from '#shared/renditions';
import type { BoardFit } from '#shared/board-types';
import { boardCopy } from './copy';
import { sheetNumberFor, type BoardEntry, type TitleBlock } from './board-model';
import {
  asPercent,
  footerLine,
  pageLayout,
  paginate,
  placeInCell,
  practiceBoxes,
  ptToMm,
  titleColumns,
  titleDividers,
  typeSize,
  type ImagesPerPage,
  type PaperSize,
  type Rect,
  type Size,
  type TYPE_PT,
} from './layout';

interface PreviewProps {
  paper: PaperSize;
  perPage: ImagesPerPage;
  fit: BoardFit;
  title: TitleBlock;
  entries: BoardEntry[];
  freePlanMark: boolean;
  /** The entries printing below 200 dpi, by key, with their dpi: their cells are marked. */
  lowDpi: ReadonlyMap<string, number>;
}

/** A type size as a share of the page's width (`cqw`), so the preview scales like the sheet. */
function fontSize(paper: PaperSize, page: Size, role: keyof typeof TYPE_PT): CSSProperties {
  return { fontSize: `${((ptToMm(typeSize(paper, role)) / page.width) * 100).toFixed(3)}cqw` };
}

/** The preview's width in CSS pixels, for the images' `sizes`. */
function useWidth(): [React.RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/** The board on screen: every page at the sheet's aspect ratio, laid out by the PDF's own rules. */
export function BoardPreview({ paper, perPage, fit, title, entries, freePlanMark, lowDpi }: PreviewProps) {
  const [ref, width] = useWidth();
  const layout = pageLayout(paper, perPage);
  const pages = paginate(entries, perPage);
  return (
    <div className="board-preview" ref={ref}>
      {pages.map((items, pageIndex) => (
        <figure key={pageIndex} className="board-sheet" style={{ aspectRatio: `${layout.page.width} / ${layout.page.height}` }}
          aria-label={`${boardCopy.preview}: ${boardCopy.pageLabel(pageIndex + 1, pages.length)}`}>
          {items.map((entry, index) => {
            const cell = layout.cells[index];
            if (!cell) return null;
            const { image: placed, clip, caption } = placeInCell(entry.image.image, cell, fit);
            const shownWidth = Math.max(1, Math.round((width * placed.width) / layout.page.width));
            const image = (
              <img className="board-sheet__image" src={entry.image.image.thumbnailUrl} srcSet={srcsetOf(entry.image.image.renditions) || undefined}
                sizes={`${shownWidth}px`} alt={entry.caption} decoding="async"
                // Covering, it is placed inside its clip box; fitted, on the sheet itself.
                style={clip ? asPercent({ ...placed, x: placed.x - clip.x, y: placed.y - clip.y }, clip) : asPercent(placed, layout.page)} />
            );
            const low = lowDpi.get(entry.image.key);
            return (
              <div key={entry.image.key} className={`board-sheet__cell${low === undefined ? '' : ' is-low'}`}>
                {clip ? <div className="board-sheet__clip" style={asPercent(clip, layout.page)}>{image}</div> : image}
                {/* The order list says it in words; on the sheet a mark over what shows of the image says where. */}
                {low !== undefined && (
                  <span className="board-sheet__low" style={asPercent(clip ?? placed, layout.page)} aria-hidden="true">
                    <span>{boardCopy.lowDpiBadge(low)}</span>
                  </span>
                )}
                <p className="board-sheet__caption" style={{ ...asPercent(caption, layout.page), ...fontSize(paper, layout.page, 'caption') }}>
                  {entry.caption}
                </p>
              </div>
            );
          })}
          <TitleBlockPreview paper={paper} page={layout.page} block={layout.titleBlock} title={title} sheet={sheetNumberFor(title.sheetNumber, pageIndex)} />
          {freePlanMark && (
            <p className="board-sheet__mark" style={{ ...asPercent(footerLine(layout), layout.page), ...fontSize(paper, layout.page, 'label') }}>
              {boardCopy.freePlanMark}
            </p>
          )}
        </figure>
      ))}
    </div>
  );
}

function TitleBlockPreview({ paper, page, block, title, sheet }: { paper: PaperSize; page: Size; block: Rect; title: TitleBlock; sheet: string }) {
  const columns = titleColumns(paper, block);
  const practice = practiceBoxes(paper, columns.practice);
  const field = (box: Rect, label: string, value: string) => (
    <div className="board-sheet__field" style={asPercent(relative(box, block), block)}>
      <span style={fontSize(paper, page, 'label')}>{label}</span>
      <span style={fontSize(paper, page, 'body')}>{value || '—'}</span>
    </div>
  );
  return (
    <div className="board-sheet__title" style={asPercent(block, page)}>
      {titleDividers(block).map((x) => (
        <span key={x} className="board-sheet__divider" style={{ left: `${(((x - block.x) / block.width) * 100).toFixed(2)}%` }} />
      ))}
      {title.logoUrl && (
        <img className="board-sheet__logo" src={title.logoUrl} alt={boardCopy.logoAlt(title.practiceName)} style={asPercent(relative(practice.logo, block), block)} />
      )}
      <strong className="board-sheet__practice" style={{ ...asPercent(relative(practice.name, block), block), ...fontSize(paper, page, 'body') }}>
        {title.practiceName}
      </strong>
      <div className="board-sheet__main" style={asPercent(relative(columns.main, block), block)}>
        <strong style={fontSize(paper, page, 'title')}>{title.projectName}</strong>
        <span style={fontSize(paper, page, 'body')}>{title.view}</span>
      </div>
      {field(columns.materials, boardCopy.materials, title.materials)}
      {field(columns.timeOfDay, boardCopy.timeOfDay, title.timeOfDay)}
      {field(columns.date, boardCopy.date, title.date)}
      {field(columns.sheet, boardCopy.sheet, sheet)}
      {field(columns.revision, boardCopy.revision, title.revision)}
    </div>
  );
}

/** A rect placed inside `outer` (the title block's own box). */
function relative(rect: Rect, outer: Rect): Rect {
  return { ...rect, x: rect.x - outer.x, y: rect.y - outer.y };
}
