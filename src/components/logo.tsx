/** The Polder mark and word; decorative inside a labelled link. */
export function Logo() {
  return (
    <span className="logo">
      <svg aria-hidden="true" viewBox="0 0 64 64" width="32" height="32" focusable="false">
        <rect width="64" height="64" rx="14" fill="#14532d" />
        <path d="M0 44 Q16 38 32 44 T64 44 V64 H0Z" fill="#2f855a" />
        <path d="M0 52 Q16 46 32 52 T64 52 V64 H0Z" fill="#9ee102" />
        <g fill="#f7f7f2">
          <rect x="30" y="18" width="4" height="22" rx="1" />
          <path d="M32 18 L32 6 L36 17Z" />
          <path d="M32 18 L44 22 L33 21Z" />
          <path d="M32 18 L22 26 L31 20Z" />
          <path d="M32 18 L24 10 L33 16Z" />
        </g>
      </svg>
      <span className="logo__word">Polder</span>
    </span>
  )
}
