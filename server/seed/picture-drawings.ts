/**
 * One flat drawing per picture kind, in a 400 × 400 box centred on the origin. `c` is the
 * product colour, `d` a darker shade for outlines and folds, `l` a lighter one for highlights.
 * Shapes are bold and simple on purpose: they must still read at 150 × 150.
 */
import type { PictureKind } from './product-kinds'

export interface Palette {
  c: string
  d: string
  l: string
  /** a neutral ink for parts that keep their own colour (wheels, soles, pages) */
  ink: string
  paper: string
}

type Drawing = (p: Palette, n: number) => string

const stroke = (colour: string, width = 6) => `stroke="${colour}" stroke-width="${width}" stroke-linejoin="round" stroke-linecap="round"`

export const DRAWINGS: Record<PictureKind, Drawing> = {
  jacket: ({ c, d, l }, n) => `
    <path d="M-70,-170 L-150,-140 L-190,80 L-150,90 L-125,-40 L-120,170 L120,170 L125,-40 L150,90 L190,80 L150,-140 L70,-170 Q0,-120 -70,-170 Z" fill="${c}" ${stroke(d)}/>
    <path d="M-70,-170 Q-40,-210 0,-205 Q40,-210 70,-170 Q0,-120 -70,-170 Z" fill="${d}"/>
    <line x1="0" y1="-140" x2="0" y2="170" ${stroke(d, 5)}/>
    <rect x="-100" y="40" width="55" height="12" rx="4" fill="${d}"/>
    <rect x="45" y="40" width="55" height="12" rx="4" fill="${d}"/>
    ${n % 2 === 0 ? `<path d="M-120,100 L120,100" ${stroke(l, 8)} opacity="0.7"/>` : ''}`,
  tshirt: ({ c, d, l }, n) => `
    <path d="M-60,-160 L-180,-110 L-145,-30 L-105,-50 L-105,160 L105,160 L105,-50 L145,-30 L180,-110 L60,-160 Q0,-100 -60,-160 Z" fill="${c}" ${stroke(d)}/>
    <path d="M-60,-160 Q0,-100 60,-160" fill="none" ${stroke(d, 10)}/>
    ${n % 2 === 0 ? `<rect x="30" y="-60" width="40" height="45" rx="4" fill="${l}" ${stroke(d, 4)}/>` : ''}`,
  polo: ({ c, d, l }, n) => `
    <path d="M-60,-160 L-180,-110 L-145,-30 L-105,-50 L-105,160 L105,160 L105,-50 L145,-30 L180,-110 L60,-160 Q0,-120 -60,-160 Z" fill="${c}" ${stroke(d)}/>
    <path d="M-62,-162 L-10,-100 L-40,-80 L-85,-140 Z M62,-162 L10,-100 L40,-80 L85,-140 Z" fill="${n % 2 === 0 ? l : c}" ${stroke(d, 5)}/>
    <path d="M0,-100 L0,-20" ${stroke(d, 5)}/>
    <circle cx="0" cy="-75" r="6" fill="${d}"/><circle cx="0" cy="-45" r="6" fill="${d}"/>
    <path d="M-180,-110 L-145,-30 M180,-110 L145,-30" ${stroke(d, 10)}/>`,
  hoodie: ({ c, d, l }) => `
    <path d="M-90,-150 Q-95,-230 0,-235 Q95,-230 90,-150 Z" fill="${c}" ${stroke(d)}/>
    <path d="M-60,-160 L-150,-125 L-195,120 L-155,130 L-110,-20 L-105,160 L105,160 L110,-20 L155,130 L195,120 L150,-125 L60,-160 Q0,-110 -60,-160 Z" fill="${c}" ${stroke(d)}/>
    <path d="M-60,-165 Q0,-200 60,-165 Q0,-120 -60,-165 Z" fill="${d}"/>
    <path d="M-20,-135 L-25,-60 M20,-135 L25,-60" ${stroke(l, 5)}/>
    <path d="M-75,60 L75,60 L95,140 L-95,140 Z" fill="none" ${stroke(d, 6)}/>`,
  cardigan: ({ c, d, l }) => `
    <path d="M-60,-160 L-150,-125 L-195,120 L-155,130 L-110,-20 L-105,160 L105,160 L110,-20 L155,130 L195,120 L150,-125 L60,-160 L0,-30 Z" fill="${c}" ${stroke(d)}/>
    <path d="M-60,-160 L0,-30 L60,-160" fill="none" ${stroke(d, 10)}/>
    <path d="M0,-30 L0,160" ${stroke(d, 6)}/>
    <circle cx="-14" cy="10" r="8" fill="${l}" ${stroke(d, 3)}/><circle cx="-14" cy="60" r="8" fill="${l}" ${stroke(d, 3)}/><circle cx="-14" cy="110" r="8" fill="${l}" ${stroke(d, 3)}/>
    <path d="M-105,140 L105,140 M-193,108 L-157,117 M193,108 L157,117" ${stroke(d, 8)}/>`,
  sweater: ({ c, d }, n) => `
    <path d="M-60,-160 L-150,-125 L-195,120 L-155,130 L-110,-20 L-105,160 L105,160 L110,-20 L155,130 L195,120 L150,-125 L60,-160 Q0,-120 -60,-160 Z" fill="${c}" ${stroke(d)}/>
    <path d="M-60,-160 Q0,-110 60,-160" fill="none" ${stroke(d, 14)}/>
    <path d="M-105,140 L105,140 M-193,108 L-157,117 M193,108 L157,117" ${stroke(d, 8)}/>
    ${n % 2 === 0 ? `<path d="M-80,-20 L-40,20 L0,-20 L40,20 L80,-20" fill="none" ${stroke(d, 6)}/>` : ''}`,
  trousers: ({ c, d, l }) => `
    <path d="M-110,-170 L110,-170 L130,170 L30,170 L0,-60 L-30,170 L-130,170 Z" fill="${c}" ${stroke(d)}/>
    <rect x="-110" y="-185" width="220" height="30" rx="4" fill="${d}"/>
    <path d="M-70,-150 Q-60,-100 -95,-95 M70,-150 Q60,-100 95,-95" fill="none" ${stroke(l, 5)}/>`,
  shoe: ({ c, d, l, ink }, n) => `
    <path d="M-190,60 L-185,-20 Q-170,-60 -120,-60 L-60,-70 Q-20,-20 40,-10 L120,10 Q190,25 190,60 Z" fill="${c}" ${stroke(d)}/>
    <rect x="-195" y="55" width="390" height="35" rx="17" fill="${n % 2 === 0 ? ink : l}" ${stroke(d, 5)}/>
    <path d="M-40,-50 L-10,-30 M-20,-60 L10,-35 M0,-40 L25,-25" ${stroke(l, 7)}/>
    <path d="M-185,0 Q-150,10 -120,-10" fill="none" ${stroke(d, 5)}/>`,
  boot: ({ c, d, ink }) => `
    <path d="M-120,-170 L10,-170 L20,-10 Q120,0 180,40 L180,100 L-130,100 L-130,-20 Z" fill="${c}" ${stroke(d)}/>
    <rect x="-135" y="95" width="320" height="35" rx="10" fill="${ink}"/>
    <path d="M-120,-140 L10,-140" ${stroke(d, 8)}/>
    <path d="M-20,-120 L-20,-20" ${stroke(d, 5)}/>`,
  clog: ({ c, d, l }, n) => `
    <path d="M-190,40 Q-190,-40 -130,-50 L-60,-55 Q-40,-110 20,-110 L120,-100 Q190,-90 190,0 L190,70 Q190,100 160,100 L-160,100 Q-190,100 -190,70 Z" fill="${c}" ${stroke(d)}/>
    <path d="M-40,-100 Q40,-70 130,-95" fill="none" ${stroke(d, 8)}/>
    <path d="M-185,75 L185,75" ${stroke(d, 6)}/>
    ${n % 2 === 0 ? `<path d="M-140,10 Q-110,-20 -80,10 Q-110,40 -140,10 Z" fill="${l}" ${stroke(d, 4)}/>` : ''}`,
  bike: ({ c, d, ink }, n) => `
    <circle cx="-120" cy="70" r="80" fill="none" ${stroke(ink, 12)}/>
    <circle cx="120" cy="70" r="80" fill="none" ${stroke(ink, 12)}/>
    <circle cx="-120" cy="70" r="8" fill="${ink}"/><circle cx="120" cy="70" r="8" fill="${ink}"/>
    <path d="M-120,70 L-30,-60 L80,-60 L120,70 M-30,-60 L0,70 L80,-60 M0,70 L-120,70" fill="none" ${stroke(d, 20)}/>
    <path d="M-120,70 L-30,-60 L80,-60 L120,70 M-30,-60 L0,70 L80,-60 M0,70 L-120,70" fill="none" ${stroke(c, 12)}/>
    <path d="M80,-60 L70,-100 L110,-110" fill="none" ${stroke(d, 10)}/>
    <path d="M-50,-80 L0,-80" ${stroke(ink, 16)}/>
    <path d="M-35,-60 L-45,-80" ${stroke(d, 8)}/>
    ${n % 2 === 1 ? `<path d="M20,-40 L140,-40 L150,-20 L30,-20 Z" fill="${d}"/>` : ''}`,
  cargobike: ({ c, d, ink }) => `
    <circle cx="-130" cy="110" r="70" fill="none" ${stroke(ink, 12)}/>
    <circle cx="140" cy="120" r="60" fill="none" ${stroke(ink, 12)}/>
    <path d="M140,120 L40,-30 L-50,-30 L-20,120 M-20,120 L140,120 M-20,120 L-130,110" fill="none" ${stroke(d, 20)}/>
    <path d="M140,120 L40,-30 L-50,-30 L-20,120 M-20,120 L140,120 M-20,120 L-130,110" fill="none" ${stroke(c, 12)}/>
    <path d="M-60,-50 L-10,-50" ${stroke(ink, 16)}/>
    <path d="M40,-30 L30,-80 L70,-90" fill="none" ${stroke(d, 10)}/>
    <rect x="-220" y="-30" width="160" height="110" rx="10" fill="${c}" ${stroke(d)}/>
    <path d="M-220,10 L-60,10" ${stroke(d, 5)}/>`,
  helmet: ({ c, d, l, ink }) => `
    <path d="M-180,60 Q-180,-150 0,-150 Q180,-150 180,60 Z" fill="${c}" ${stroke(d)}/>
    <path d="M-110,-90 Q-60,-120 -20,-120 M20,-120 Q70,-120 110,-90 M-140,-20 L140,-20" fill="none" ${stroke(ink, 14)}/>
    <path d="M-180,60 L180,60" ${stroke(d, 12)}/>
    <path d="M-120,60 L-90,150 M120,60 L90,150" ${stroke(ink, 6)}/>
    <path d="M-130,-60 Q-100,-110 -40,-125" fill="none" ${stroke(l, 8)} opacity="0.8"/>`,
  bag: ({ c, d, l, ink }) => `
    <rect x="-150" y="-120" width="300" height="290" rx="30" fill="${c}" ${stroke(d)}/>
    <path d="M-150,-60 Q0,10 150,-60 L150,-120 L-150,-120 Z" fill="${d}"/>
    <rect x="-20" y="-40" width="40" height="60" rx="6" fill="${l}" ${stroke(d, 4)}/>
    <path d="M-100,-120 L-100,-170 L-60,-170 L-60,-120 M60,-120 L60,-170 L100,-170 L100,-120" fill="none" ${stroke(ink, 10)}/>
    <path d="M-120,130 L120,130" ${stroke(l, 6)} opacity="0.8"/>`,
  bikelight: ({ c, d, ink }) => `
    <path d="M-40,-60 L-200,-140 M-40,0 L-220,0 M-40,60 L-200,140" ${stroke('#f7e27a', 14)}/>
    <rect x="-40" y="-90" width="200" height="180" rx="50" fill="${c}" ${stroke(d)}/>
    <circle cx="-10" cy="0" r="75" fill="#fff6c8" ${stroke(ink, 10)}/>
    <rect x="150" y="-25" width="60" height="50" rx="10" fill="${ink}"/>`,
  mug: ({ c, d, l }, n) => `
    <path d="M-150,-120 L90,-120 L80,160 Q80,180 60,180 L-120,180 Q-140,180 -140,160 Z" fill="${c}" ${stroke(d)}/>
    <path d="M88,-60 Q190,-60 180,30 Q170,110 82,100" fill="none" ${stroke(c, 30)}/>
    <path d="M88,-60 Q190,-60 180,30 Q170,110 82,100" fill="none" ${stroke(d, 4)}/>
    <ellipse cx="-30" cy="-120" rx="120" ry="14" fill="${d}"/>
    ${n !== 3 ? `<path d="M-70,-150 Q-90,-190 -60,-220 M-10,-150 Q-30,-190 0,-220" fill="none" ${stroke(l, 8)}/>` : ''}`,
  lamp: ({ c, d, ink }, n) => `
    <path d="M-140,-40 L-80,-190 L80,-190 L140,-40 Z" fill="${c}" ${stroke(d)}/>
    <path d="M0,-40 L0,140" ${stroke(ink, 14)}/>
    <ellipse cx="0" cy="150" rx="100" ry="22" fill="${ink}"/>
    ${n % 2 === 0 ? `<path d="M-120,-20 L-170,60 M0,-20 L0,60 M120,-20 L170,60" ${stroke('#f7e27a', 10)} opacity="0.8"/>` : ''}`,
  pendant: ({ c, d, ink }, n) => `
    <path d="M0,-230 L0,-90" ${stroke(ink, 6)}/>
    <rect x="-22" y="-100" width="44" height="30" rx="6" fill="${ink}"/>
    <path d="M-170,60 Q-170,-80 0,-80 Q170,-80 170,60 Z" fill="${c}" ${stroke(d)}/>
    <ellipse cx="0" cy="62" rx="60" ry="18" fill="#fff6c8"/>
    ${n % 2 === 0 ? `<path d="M-90,90 L-140,180 M0,90 L0,190 M90,90 L140,180" ${stroke('#f7e27a', 10)} opacity="0.8"/>` : ''}`,
  armchair: ({ c, d, l, ink }) => `
    <rect x="-140" y="-180" width="280" height="200" rx="50" fill="${c}" ${stroke(d)}/>
    <rect x="-200" y="-60" width="80" height="190" rx="36" fill="${c}" ${stroke(d)}/>
    <rect x="120" y="-60" width="80" height="190" rx="36" fill="${c}" ${stroke(d)}/>
    <rect x="-125" y="10" width="250" height="100" rx="24" fill="${l}" ${stroke(d)}/>
    <path d="M-170,130 L-175,180 M170,130 L175,180" ${stroke(ink, 14)}/>`,
  chair: ({ c, d, ink }) => `
    <rect x="-110" y="-190" width="220" height="170" rx="20" fill="${c}" ${stroke(d)}/>
    <rect x="-130" y="-20" width="260" height="50" rx="12" fill="${c}" ${stroke(d)}/>
    <path d="M-110,30 L-120,190 M110,30 L120,190 M-60,30 L-60,160 M60,30 L60,160" ${stroke(ink, 14)}/>
    <path d="M-70,-150 L70,-150 M-70,-100 L70,-100" ${stroke(d, 6)}/>`,
  coffee: ({ c, d, l }) => `
    <path d="M-120,-150 L120,-150 L140,190 L-140,190 Z" fill="${c}" ${stroke(d)}/>
    <path d="M-120,-150 L-110,-190 L110,-190 L120,-150" fill="${d}"/>
    <ellipse cx="0" cy="40" rx="60" ry="85" fill="${l}" ${stroke(d, 5)}/>
    <path d="M0,-40 Q-25,40 0,120" fill="none" ${stroke(d, 8)}/>`,
  tea: ({ c, d, l, paper }) => `
    <ellipse cx="0" cy="150" rx="190" ry="30" fill="${paper}" ${stroke(d, 5)}/>
    <path d="M-150,-60 L150,-60 Q150,140 0,140 Q-150,140 -150,-60 Z" fill="${c}" ${stroke(d)}/>
    <path d="M148,-20 Q220,-20 200,50 Q185,95 120,90" fill="none" ${stroke(d, 12)}/>
    <path d="M60,-60 L90,-170" ${stroke(d, 4)}/>
    <rect x="70" y="-215" width="50" height="50" rx="6" fill="${l}" ${stroke(d, 4)}/>`,
  cheese: ({ c, d }) => `
    <path d="M-190,60 L170,-120 L190,120 L-190,150 Z" fill="${c}" ${stroke(d)}/>
    <path d="M-190,60 L170,-120 L170,-90 L-190,90 Z" fill="${d}" opacity="0.35"/>
    <circle cx="40" cy="60" r="24" fill="${d}" opacity="0.6"/>
    <circle cx="-80" cy="110" r="16" fill="${d}" opacity="0.6"/>
    <circle cx="130" cy="20" r="14" fill="${d}" opacity="0.6"/>`,
  chocolate: ({ c, d }) => `
    <rect x="-130" y="-190" width="260" height="380" rx="12" fill="#5a3420" ${stroke('#3a2010')}/>
    <path d="M-130,-63 L130,-63 M-130,63 L130,63 M0,-190 L0,190" ${stroke('#3a2010', 8)}/>
    <path d="M-140,-20 L140,-60 L140,200 L-140,200 Z" fill="${c}" ${stroke(d)}/>
    <rect x="-70" y="60" width="140" height="60" rx="30" fill="${d}"/>`,
  cookie: ({ c, d }, n) => `
    <g transform="translate(0 ${n === 3 ? 0 : 20})">
      <circle r="170" fill="${c}" ${stroke(d)}/>
      <circle r="150" fill="none" ${stroke(d, 4)}/>
      <path d="M-100,-110 L110,100 M-140,-40 L40,140 M-40,-140 L140,40 M100,-110 L-110,100 M140,-40 L-40,140 M40,-140 L-140,40" ${stroke(d, 6)} opacity="0.7"/>
    </g>`,
  book: ({ c, d, paper }) => `
    <path d="M-120,-180 L150,-180 L150,190 L-120,190 Z" fill="${paper}" ${stroke(d)}/>
    <rect x="-150" y="-190" width="270" height="370" rx="8" fill="${c}" ${stroke(d)}/>
    <rect x="-150" y="-190" width="35" height="370" fill="${d}"/>
    <rect x="-80" y="-120" width="160" height="90" rx="8" fill="${paper}" opacity="0.85"/>`,
  ebook: ({ c, d, ink, paper }) => `
    <rect x="-140" y="-200" width="280" height="400" rx="28" fill="${ink}"/>
    <rect x="-115" y="-170" width="230" height="320" rx="6" fill="${paper}"/>
    <rect x="-115" y="-170" width="230" height="120" fill="${c}"/>
    <path d="M-90,-10 L90,-10 M-90,30 L90,30 M-90,70 L60,70 M-90,110 L80,110" ${stroke(d, 8)} opacity="0.5"/>
    <circle cx="0" cy="178" r="10" fill="${paper}"/>`,
  giftcard: ({ c, d, l }) => `
    <rect x="-190" y="-120" width="380" height="240" rx="24" fill="${c}" ${stroke(d)}/>
    <path d="M-60,-120 L-60,120 M-190,20 L190,20" ${stroke(l, 16)}/>
    <path d="M-60,20 Q-130,-70 -100,-80 Q-70,-80 -60,20 Q-40,-80 -10,-70 Q20,-50 -60,20" fill="${l}" ${stroke(d, 4)}/>`,
  ticket: ({ c, d, l }) => `
    <path d="M-190,-100 L190,-100 L190,-30 A30,30 0 0 0 190,30 L190,100 L-190,100 L-190,30 A30,30 0 0 0 -190,-30 Z" fill="${c}" ${stroke(d)}/>
    <path d="M90,-90 L90,90" ${stroke(l, 6)} stroke-dasharray="12 12"/>
    <circle cx="-40" cy="0" r="45" fill="${l}"/>
    <path d="M-40,-25 L-32,-8 L-13,-8 L-28,4 L-22,23 L-40,12 L-58,23 L-52,4 L-67,-8 L-48,-8 Z" fill="${d}"/>`,
  giftbox: ({ c, d, l }) => `
    <rect x="-160" y="-60" width="320" height="240" rx="10" fill="${c}" ${stroke(d)}/>
    <rect x="-180" y="-110" width="360" height="60" rx="10" fill="${c}" ${stroke(d)}/>
    <path d="M0,-110 L0,180" ${stroke(l, 30)}/>
    <path d="M0,-110 Q-120,-220 -90,-130 Q-70,-100 0,-110 Q70,-100 90,-130 Q120,-220 0,-110" fill="${l}" ${stroke(d, 5)}/>`,
  wrench: ({ c, d, ink }) => `
    <circle cx="80" cy="-60" r="90" fill="none" stroke="${ink}" stroke-width="30" stroke-dasharray="26 16"/>
    <circle cx="80" cy="-60" r="50" fill="none" ${stroke(ink, 18)}/>
    <path d="M-150,150 L20,-20" ${stroke(c, 44)}/>
    <path d="M-150,150 L20,-20" ${stroke(d, 4)} opacity="0.6"/>
    <path d="M-10,-60 A60,60 0 1 0 60,10 L30,-20 L30,-50 Z" fill="${c}" ${stroke(d)}/>`,
}
