import type { BadgeCounts } from '@crm/domain/api/auth';
import type { HomeCard as HomeCardData, HomeTile, StaticTileKey } from '@crm/domain/roles';
import { Badge } from 'antd-mobile';
import { Link } from 'react-router';
import type { HomeTexts } from '../texts.ts';
import { TILE_ICONS } from './tile-icons.tsx';

export type HomeCardProps = {
  card: HomeCardData;
  counts: BadgeCounts | undefined;
  texts: HomeTexts;
};

/** A tile's label: its mapped text, a signer's name, or (for a key the texts do not know yet) its path. */
export function tileLabel(tile: HomeTile, texts: HomeTexts): string {
  return tile.name ?? texts.tiles[tile.key] ?? tile.path;
}

function TileIcon({ tile, label, texts }: { tile: HomeTile; label: string; texts: HomeTexts }) {
  if (tile.icon) {
    const isFemale = tile.icon === 'female';
    return (
      <span
        className={`home-tile__icon home-tile__icon--${tile.icon}`}
        role="img"
        aria-label={isFemale ? texts.female : texts.male}
      >
        {isFemale ? '♀' : '♂'}
      </span>
    );
  }
  const Icon = TILE_ICONS[tile.key as StaticTileKey] as (typeof TILE_ICONS)[StaticTileKey] | undefined;
  return (
    <span className="home-tile__icon" aria-hidden="true">
      {/* A tile the set has no icon for (a signer's own tile, a key newer than this page) keeps its first character. */}
      {Icon ? <Icon /> : label.slice(0, 1)}
    </span>
  );
}

export function HomeCard({ card, counts, texts }: HomeCardProps) {
  const title = texts.cards[card.key];
  return (
    <section className="home-card" aria-label={title}>
      <h2 className="home-card__title">{title}</h2>
      <ul className="home-card__tiles">
        {card.tiles.map((tile) => {
          const label = tileLabel(tile, texts);
          const count = tile.badge && counts ? counts[tile.badge] : 0;
          return (
            <li key={tile.key}>
              <Link className="home-tile" to={tile.path}>
                <Badge content={count > 0 ? count : null}>
                  <TileIcon tile={tile} label={label} texts={texts} />
                </Badge>
                <span className="home-tile__label">{label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
