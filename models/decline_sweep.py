"""A sweep of the decline rule (model card, "When the recognizer declines"): the readings that
`cargo test -p inkdoku-recognizer --test decline -- --ignored dump` writes (DUMP, default
/tmp/decline-readings.jsonl), the rule of `recognizer/src/recognizer.rs` redone here, tuned on
the pendigits tuning half and the even-numbered fixtures, checked on the rest. Standard library only."""
import sys
import json, itertools
items=[json.loads(l) for l in open(sys.argv[1] if len(sys.argv) > 1 else '/tmp/decline-readings.jsonl')]
from collections import defaultdict, Counter
idx=Counter()
for it in items:
    k=it['set']; it['i']=idx[k]; idx[k]+=1
    # pendigits are already split by halves; fixtures split by parity
    if k.startswith('pendigits'):
        it['half']='tune' if 'tuning' in k else 'check'
    else:
        it['half']='tune' if it['i']%2==0 else 'check'
def judge(r,thr,out,uns,backs):
    if r is None: return None
    s=r['scores']; best=max(range(len(s)),key=lambda i:s[i]); c=s[best]
    if c<thr: return None
    if r['flat'] or r['outside']>=out or (c<uns and r['picture'][best]<backs): return None
    return best+1
MARKS={'scribble','stray','strike'}; NON=MARKS|{'letter','zero'}
def score(rule,half):
    hd=hm=n=0; nd=Counter(); nn=Counter()
    for it in items:
        if it['half']!=half: continue
        a=judge(it['reading'],*rule)
        if it['label']==0:
            nn[it['set']]+=1
            if a is None: nd[it['set']]+=1
        else:
            n+=1
            if a is None: hd+=1
            elif a!=it['label']: hm+=1
    return n,hd,hm,nd,nn
RULE=(0.35,0.85,0.6,0.1)
for h in ['tune','check']:
    n,hd,hm,nd,nn=score(RULE,h); print('shipped',h,'digits',n,'declined',hd,'misread',hm,{k:f'{nd[k]}/{nn[k]}' for k in nn})
# what the marks still read as
rd=Counter()
for it in items:
    if it['set'] in MARKS:
        a=judge(it['reading'],*RULE)
        if a: rd[(it['set'],a)]+=1
print('marks read as', sorted(rd.items()))
base=score(RULE,'tune')
cands=[]
for thr in [0.35,0.4,0.45,0.5,0.55,0.6,0.7,0.8]:
  for out in [0.5,0.6,0.7,0.85]:
    for uns in [0.6,0.7,0.8,0.9,0.95,0.99]:
      for backs in [0.1,0.2,0.3,0.5,0.7]:
        n,hd,hm,nd,nn=score((thr,out,uns,backs),'tune')
        marks=sum(nd[k] for k in MARKS); non=sum(nd.values())
        cands.append(((thr,out,uns,backs),hd,hm,marks,non))
ok=[c for c in cands if c[1]<=base[1] and c[1]+c[2]<=base[1]+base[2]]
ok.sort(key=lambda c:(-c[3],-c[4],c[1]+c[2]))
print('tuning: shipped declines',base[1],'misreads',base[2],'marks',sum(base[3][k] for k in MARKS))
for c in ok[:8]: print(c)
best=ok[0][0]
for h in ['tune','check']:
    n,hd,hm,nd,nn=score(best,h); print('best',best,h,'digits',n,'declined',hd,'misread',hm,{k:f'{nd[k]}/{nn[k]}' for k in nn})
# honest digits declined per set with best on check
for s in sorted(set(it['set'] for it in items if it['label'])):
    sub=[it for it in items if it['set']==s]
    a=sum(judge(it['reading'],*best) is None for it in sub); b=sum(judge(it['reading'],*RULE) is None for it in sub)
    print(s,len(sub),'declined shipped',b,'best',a)
print('frontier on tuning (honest declines allowed -> most marks declined), then the same rule on the check half')
for lim in [5,6,8,10,15]:
    ok=[c for c in cands if c[1]<=lim]; ok.sort(key=lambda c:(-c[3],c[1]+c[2]))
    r=ok[0]; n,hd,hm,nd,nn=score(r[0],'check')
    print(lim, r, 'check: declined',hd,'misread',hm,'marks',sum(nd[k] for k in MARKS),'of',sum(nn[k] for k in MARKS))
