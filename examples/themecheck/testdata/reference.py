#!/usr/bin/env python3
"""Independent reference values for the contrast audit's tests.

Used by theming/audit_policy_test.go, theming/report_test.go and
examples/themecheck/main_test.go: the expected ratios, Lc values and
suggested fixes there were printed by this script (python3, standard
library only), not by the Go code under test.

- hsl() to sRGB: CSS Color 4's hslToRgb, in floating point (colorsys) for
  the exact method and in exact rational arithmetic for the rendered one.
- Exact WCAG 2 ratio: relative luminance of the exact channels, source-over
  compositing (the background over the backdrop, the foreground over that).
- Rendered ratio: each color's channels rounded to 8 bits, half up
  (Chromium reports 76.5 as 77 in computed style), translucent layers
  flattened as axe-core's flattenColors does (round(a*src + (1-a)*back) per
  channel), then the WCAG 2 formula on the 8-bit values.
- Fixes: the 0.01-point lightness grid scanned outward from the original
  lightness; the first lightness whose exact ratio is >= required and whose
  rendered ratio is > required (the "both" method).
- APCA: APCA-W3 0.0.98G-4g (the apca-w3 package's APCAcontrast constants)
  on the exact channels.

Run: python3 examples/themecheck/testdata/reference.py
"""
import colorsys, sys
def hsl(h,s,l): return colorsys.hls_to_rgb(h/360, l/100, s/100)
def lin(c): return c/12.92 if c <= 0.04045 else ((c+0.055)/1.055)**2.4
def lum(rgb): r,g,b=map(lin,rgb); return 0.2126*r+0.7152*g+0.0722*b
def ratio(a,b):
    la,lb=lum(a),lum(b); hi,lo=max(la,lb),min(la,lb); return (hi+0.05)/(lo+0.05)
def over(src,a,back): return tuple(a*s+(1-a)*b for s,b in zip(src,back))
def exact(fg,fa,bg,ba,bd):
    b=over(bg,ba,bd); f=over(fg,fa,b); return ratio(f,b)
from fractions import Fraction as Fr
import math
def hsl_exact(h,s,l):
    # CSS Color 4 hslToRgb, in exact rational arithmetic
    h,s,l=Fr(h).limit_denominator(10**6),Fr(s).limit_denominator(10**6)/100,Fr(l).limit_denominator(10**6)/100
    def f(n):
        k=(n+h/30)%12
        a=s*min(l,1-l)
        return l-a*max(-1,min(k-3,9-k,1))
    return (f(0),f(8),f(4))
def r8(rgb): return tuple(math.floor(c*255+Fr(1,2)) for c in rgb)  # half up, as Chromium reports 76.5 as 77

def rendered(fg,fa,bg,ba,bd):
    "fg, bg, bd: (h, s, l) triples"
    B=r8(hsl_exact(*bd)); G=r8(hsl_exact(*bg)); F=r8(hsl_exact(*fg))
    b=tuple(int(ba*g+(1-ba)*x+0.5) for g,x in zip(G,B))
    f=tuple(int(fa*g+(1-fa)*x+0.5) for g,x in zip(F,b))
    return ratio(tuple(c/255 for c in f), tuple(c/255 for c in b))
def scan(side, fgh, fga, bgh, bga, bd, req):
    h,s,l0 = (fgh if side=='fg' else bgh)
    k0=round(l0*100)
    for d in range(0,10001):
        for k in ((k0-d,k0+d) if d else (k0,)):
            if not 0<=k<=10000: continue
            L=k/100
            fg=hsl(*fgh) if side=='bg' else hsl(h,s,L)
            bg=hsl(*bgh) if side=='fg' else hsl(h,s,L)
            fgt=fgh if side=='bg' else (h,s,L)
            bgt=bgh if side=='fg' else (h,s,L)
            e=exact(fg,fga,bg,bga,hsl(*bd)); r=rendered(fgt,fga,bgt,bga,bd)
            if e>=req and r>req: return L,e,r
    return None

# APCA-W3
def sY(rgb):
    r,g,b=[c**2.4 for c in rgb]
    return 0.2126729*r+0.7151522*g+0.0721750*b
def Lc(txt8,bg8):
    t,b=sY(txt8),sY(bg8)
    clamp=lambda y: y if y>0.022 else y+(0.022-y)**1.414
    t,b=clamp(t),clamp(b)
    if abs(b-t)<0.0005: return 0.0
    if b>t:
        s=(b**0.56-t**0.57)*1.14
        o=0 if s<0.1 else s-0.027
    else:
        s=(b**0.65-t**0.62)*1.14
        o=0 if s>-0.1 else s+0.027
    return o*100

cases = {
 'text on --button-soft (dark), fg': ('fg',(0,0,95),1,(210,50,90),0.5,(0,0,10),4.5),
 'text on --button-soft (dark), bg': ('bg',(0,0,95),1,(210,50,90),0.5,(0,0,10),4.5),
 'text on white (dark), fg non-text': ('fg',(0,0,95),1,(0,0,100),1,(0,0,10),3),
 'text on white (dark), bg non-text': ('bg',(0,0,95),1,(0,0,100),1,(0,0,10),3),
 'muted 60% on white, fg': ('fg',(0,0,60),1,(0,0,100),1,(0,0,100),4.5),
 'muted 60% on white, bg': ('bg',(0,0,60),1,(0,0,100),1,(0,0,100),4.5),
 'grey 46.53% on white, fg': ('fg',(0,0,46.53),1,(0,0,100),1,(0,0,100),4.5),
 'grey 46.53% on white, bg': ('bg',(0,0,46.53),1,(0,0,100),1,(0,0,100),4.5),
}
for name,(side,fg,fa,bg,ba,bd,req) in cases.items():
    print(name, scan(side,fg,fa,bg,ba,bd,req))

# Single pairs the tests name: (fg hsl, fg alpha, bg hsl, bg alpha, backdrop hsl).
pairs = {
 'theming dark: primary hsl(210,50%,70%) on page hsl(0,0%,10%)': ((210,50,70),1,(0,0,10),1,(0,0,10)),
 'theming dark: text 95% on --button-soft hsla(210,50%,90%,0.5) over 10%': ((0,0,95),1,(210,50,90),0.5,(0,0,10)),
 'theming draft: text 60% on page 10%': ((0,0,60),1,(0,0,10),1,(0,0,10)),
 'theming draft: text 60% on --button-soft over 10%': ((0,0,60),1,(210,50,90),0.5,(0,0,10)),
 'theming draft: text 60% on white over 10%': ((0,0,60),1,(0,0,100),1,(0,0,10)),
}
pairs['themecheck: grey 60% on the target fix, grey 19.6%'] = ((0,0,60),1,(0,0,19.6),1,(0,0,19.6))
pairs['themecheck: grey 46.53% on the target fix, grey 2.38%'] = ((0,0,46.53),1,(0,0,2.38),1,(0,0,2.38))
pairs['themecheck dark: grey 70% on grey 10%'] = ((0,0,70),1,(0,0,10),1,(0,0,10))
for L in (60, 46.53, 46.47, 40, 30):
    pairs['grey %g%% on white' % L] = ((0,0,L),1,(0,0,100),1,(0,0,100))
for name,(fg,fa,bg,ba,bd) in pairs.items():
    e=exact(hsl(*fg),fa,hsl(*bg),ba,hsl(*bd)); r=rendered(fg,fa,bg,ba,bd)
    lc=Lc(over(hsl(*fg),fa,over(hsl(*bg),ba,hsl(*bd))), over(hsl(*bg),ba,hsl(*bd)))
    print('%s: exact %r, rendered %r, Lc %.3f' % (name, e, r, lc))
