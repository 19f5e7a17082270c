// Exact tie count for Poker 20-20 (poker20.ts): Player A's 2 cards, Player B's 2 cards and a
// 5-card board from one deck. For every board (C(52,5)), every 2-card hand of the 47 cards left is
// evaluated; ordered pairs of disjoint hands with equal value are the ties: all ordered equal pairs
// minus those sharing a card (counted per shared card). Too slow for a unit test (≈ 3 minutes on
// one core); poker20.test.ts replays the boards starting at card 40 with the TypeScript evaluator
// and checks that slice against this program's output for it.
//
//   gcc -O2 -o /tmp/poker20-ties poker20-ties.c && /tmp/poker20-ties 0 1   # all boards
//   /tmp/poker20-ties 40 52                                               # the test's slice
// prints: <part> <boards> <ordered tie pairs>. Cards are 0..51: suit = i / 13, rank = i % 13 + 2.
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <stdlib.h>
static int straight_top(int m){ if(m&(1<<14)) m|=2; for(int t=14;t>=5;t--) if(((m>>(t-4))&31)==31) return t; return 0;}
static int pack(int cat,int*r,int n){ int v=cat; for(int i=0;i<5;i++) v=v*16+(i<n?r[i]:0); return v;}
static int topr(int mask,int n,int*out,int k){ for(int r=14;r>=2&&k<n;r--) if(mask&(1<<r)) out[k++]=r; return k;}
static int eval7(const int*cards,int n){
  int cnt[15]={0}, sm[4]={0}, sc[4]={0}, mask=0;
  for(int i=0;i<n;i++){int r=cards[i]%13+2, s=cards[i]/13; cnt[r]++; sm[s]|=1<<r; sc[s]++; mask|=1<<r;}
  int fl=-1; for(int s=0;s<4;s++) if(sc[s]>=5) fl=s;
  int out[5];
  if(fl>=0){int t=straight_top(sm[fl]); if(t){out[0]=t; return pack(8,out,1);}}
  int quad=0, trips[3], nt=0, pairs[4], np=0;
  for(int r=14;r>=2;r--){ if(cnt[r]==4) quad=r; else if(cnt[r]==3) trips[nt++]=r; else if(cnt[r]==2) pairs[np++]=r; }
  if(quad){out[0]=quad; int k=topr(mask&~(1<<quad),2,out,1); return pack(7,out,k);}
  if(nt && (nt>1||np)){ int p=0; if(nt>1) p=trips[1]; if(np&&pairs[0]>p) p=pairs[0]; out[0]=trips[0]; out[1]=p; return pack(6,out,2);}
  if(fl>=0){int k=topr(sm[fl],5,out,0); return pack(5,out,k);}
  int t=straight_top(mask); if(t){out[0]=t; return pack(4,out,1);}
  if(nt){out[0]=trips[0]; int k=topr(mask&~(1<<trips[0]),3,out,1); return pack(3,out,k);}
  if(np>=2){out[0]=pairs[0]; out[1]=pairs[1]; int k=topr(mask&~(1<<pairs[0])&~(1<<pairs[1]),3,out,2); return pack(2,out,k);}
  if(np){out[0]=pairs[0]; int k=topr(mask&~(1<<pairs[0]),4,out,1); return pack(1,out,k);}
  int k=topr(mask,5,out,0); return pack(0,out,k);
}
#define VMAX (9*1048576)
static int table[VMAX];
int main(int argc,char**argv){
  int part=atoi(argv[1]), parts=atoi(argv[2]);
  uint64_t ties=0, boards=0;
  int b[5]; int rest[47]; int hv[47][47];
  int vals[1081]; 
  for(b[0]=0;b[0]<52;b[0]++){ if(b[0]%parts!=part) continue;
  for(b[1]=b[0]+1;b[1]<52;b[1]++) for(b[2]=b[1]+1;b[2]<52;b[2]++) for(b[3]=b[2]+1;b[3]<52;b[3]++) for(b[4]=b[3]+1;b[4]<52;b[4]++){
    boards++;
    int n=0; for(int c=0;c<52;c++){ if(c!=b[0]&&c!=b[1]&&c!=b[2]&&c!=b[3]&&c!=b[4]) rest[n++]=c; }
    int cards[7]; memcpy(cards,b,sizeof b);
    int k=0;
    for(int i=0;i<47;i++) for(int j=i+1;j<47;j++){ cards[5]=rest[i]; cards[6]=rest[j]; int v=eval7(cards,7); hv[i][j]=hv[j][i]=v; vals[k++]=v; }
    // ordered equal pairs overall: sum g(g-1)
    int64_t eq=0;
    for(int i=0;i<k;i++){ eq+=2*table[vals[i]]; table[vals[i]]++; }
    for(int i=0;i<k;i++) table[vals[i]]=0;
    // minus ordered equal pairs sharing a card
    int64_t sh=0;
    for(int c=0;c<47;c++){
      for(int j=0;j<47;j++) if(j!=c){ sh+=2*table[hv[c][j]]; table[hv[c][j]]++; }
      for(int j=0;j<47;j++) if(j!=c) table[hv[c][j]]=0;
    }
    ties+= eq-sh;
  }}
  printf("%d %llu %llu\n", part, (unsigned long long)boards, (unsigned long long)ties);
  return 0;
}
